// Plays every ruleset's demo through the RAII wrapper in fray.hpp.
//
//   encounter_cpp [OUT_DIR]
//
// Prints the last lines of each fight's log, shows that a refused command throws
// fray::Error with the library's message and changes nothing, and with OUT_DIR writes each
// demo's events JSON to OUT_DIR/<ruleset>.cpp.json for the conformance check.
//
// Build: c++ -std=c++17 encounter.cpp $(pkg-config --cflags --libs fray) -o encounter_cpp
#include "fray.hpp"

#include <fstream>
#include <iostream>

int main(int argc, char **argv) {
    const char *out_dir = argc > 1 ? argv[1] : nullptr;
    try {
        fray::Rng rng(42, 0);
        std::cout << "libfray " << fray_version() << "; 3d8kh2+2 rolled "
                  << rng.roll("3d8kh2+2") << "\n";
        try {
            rng.roll("3d");
        } catch (const fray::Error &e) {
            std::cout << "bad notation throws (code " << e.code() << "): " << e.what() << "\n";
        }
        {
            // A rule refusal carries its rule id: the same start of a turn twice (AND-07).
            fray::Encounter fight("andromeda", fray::demo_setup("andromeda"), 7);
            auto start = fight.suggest();
            fight.apply(*start);
            try {
                fight.apply(*start);
                std::cerr << "a second start of the same turn was accepted\n";
                return 1;
            } catch (const fray::Error &e) {
                if (e.code() != FRAY_RULE || e.rule() != "AND-07") {
                    std::cerr << "expected FRAY_RULE AND-07, got " << e.code() << " '" << e.rule()
                              << "': " << e.what() << "\n";
                    return 1;
                }
                std::cout << "a rule refusal carries its rule id: " << e.rule() << "\n";
            }
        }

        for (const std::string &id : fray::rulesets()) {
            fray::Encounter fight(id, fray::demo_setup(id), fray::demo_seed(id));
            std::string log = fray::describe(id, fight.events_json());
            int commands = 0;
            while (auto command = fight.suggest()) {
                log += "\n" + fray::describe(id, fight.apply(*command));
                commands++;
            }
            std::string state = fight.state_json();
            try {
                fight.apply("{\"type\":\"surely_not_a_command\"}");
                std::cerr << id << ": a garbage command was accepted\n";
                return 1;
            } catch (const fray::Error &e) {
                std::cout << id << ": garbage command refused (code " << e.code() << ")\n";
            }
            if (fight.state_json() != state) {
                std::cerr << id << ": a refused command changed the state\n";
                return 1;
            }
            fray::verify_replay(fight.replay_json());
            auto last = log.rfind('\n', log.size() > 1 ? log.size() - 2 : 0);
            std::cout << id << ": " << commands << " commands, replay verified; last line: "
                      << log.substr(last == std::string::npos ? 0 : last + 1) << "\n";
            if (out_dir != nullptr) {
                std::ofstream file(std::string(out_dir) + "/" + id + ".cpp.json",
                                   std::ios::binary);
                file << fight.events_json();
                if (!file) {
                    std::cerr << "cannot write the events of " << id << "\n";
                    return 1;
                }
            }
        }
    } catch (const fray::Error &e) {
        std::cerr << "fray error " << e.code() << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
