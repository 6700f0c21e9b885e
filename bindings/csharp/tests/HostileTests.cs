// Hostile callers from C# (issue 24): int arguments, structured rule ids, codes of their own
// for refusals that are no rule, handles freed twice and strings freed twice. Part of the
// FrayTests program (FrayTests.cs), compiled together by scripts/test-native.
using System;
using System.Text.RegularExpressions;
using Fray;

internal static partial class FrayTests
{
    /// Runs action and expects an ArgumentOutOfRangeException.
    private static void ThrowsOutOfRange(Action action, string what)
    {
        checks++;
        try
        {
            action();
            failures++;
            Console.Error.WriteLine("FAILED: " + what + ": no ArgumentOutOfRangeException");
        }
        catch (ArgumentOutOfRangeException)
        {
        }
    }

    /// Runs action and expects a FrayException with the code; returns it (or null).
    private static FrayException Caught(FrayResult code, Action action, string what)
    {
        checks++;
        try
        {
            action();
        }
        catch (FrayException e)
        {
            if (e.Code != code)
            {
                failures++;
                Console.Error.WriteLine("FAILED: " + what + ": " + e.Code + ", expected " + code
                    + " (" + e.Message + ")");
            }
            return e;
        }
        failures++;
        Console.Error.WriteLine("FAILED: " + what + ": no exception");
        return null;
    }

    private static void TestHostile()
    {
        // int where C# code has int: sides, stats, dice, threads, trials.
        int sides = 6;
        int stat = 7;
        int dice = 2;
        int threads = 2;
        using (var a = new Rng(3, 1))
        using (var b = new Rng(3, 1))
        {
            uint face = a.Roll(sides);
            Check(face == b.Roll(6u), "Roll(int) equals Roll(uint)");
            var filled = new uint[8];
            a.Fill(sides, filled);
            bool inRange = true;
            foreach (uint f in filled) inRange &= f >= 1 && f <= 6;
            Check(inRange, "Fill(int) rolls d6");
            HuntTestResult h;
            a.HuntStatTest(stat, dice, out h);
            Check(h.Stat == 7 && h.Margin == 7 - (int)h.Roll, "HuntStatTest(int, int): margin");
            int negative = -1;
            ThrowsOutOfRange(() => a.Roll(negative), "Roll(-1)");
            ThrowsOutOfRange(() => a.Fill(negative, filled), "Fill(-1)");
            ThrowsOutOfRange(() => { HuntTestResult x; a.HuntStatTest(negative, dice, out x); },
                "HuntStatTest(-1, 2)");
            var many = new HuntTestResult[4];
            Library.HuntStatTestBatch(stat, dice, 1, 0, many, many.Length);
            ThrowsOutOfRange(() => Library.HuntStatTestBatch(stat, negative, 1, 0, many, 4),
                "HuntStatTestBatch(7, -1)");
            // HUNT-02: a stat the int32 margin cannot hold is refused, not wrapped.
            Caught(FrayResult.InvalidArgument,
                () => { HuntTestResult x; a.HuntStatTest(uint.MaxValue, 2u, out x); },
                "a Hunt stat over FRAY_HUNT_MAX_STAT");
        }
        string setup = Library.DemoSetup("hunt");
        int trials = 3;
        string two = Library.SimulateJson("hunt", setup, trials, 5, threads);
        Check(two == Library.SimulateJson("hunt", setup, 3UL, 5UL, 1u),
            "SimulateJson(int trials, int threads) equals one thread");
        ThrowsOutOfRange(() => Library.SimulateJson("hunt", setup, trials, 5, -2),
            "SimulateJson with -2 threads");
        Caught(FrayResult.Limit, () => Library.SimulateJson("hunt", setup, 1UL, 5UL, uint.MaxValue),
            "UINT32_MAX threads");
        Caught(FrayResult.Limit, () => Library.SimulateJson("hunt", setup, ulong.MaxValue, 5UL, 1u),
            "UINT64_MAX trials");

        // A rule refusal through the JSON surface carries its rule id.
        using (var fight = new Encounter("hunt", setup, Library.DemoSeed("hunt")))
        {
            Check(fight.Ruleset == "hunt", "Encounter.Ruleset");
            string command = fight.Suggest();
            string bad = Regex.Replace(command, "\"defense\":[0-9]+", "\"defense\":99");
            FrayException e = Caught(FrayResult.Rule, () => fight.Apply(bad), "Defense over the cap");
            Check(e != null && e.Rule == "HUNT-06", "FrayException.Rule is HUNT-06: "
                + (e == null ? "" : e.Rule));
            Check(Library.LastErrorRule() == "HUNT-06", "Library.LastErrorRule");
            fight.Apply(command);
        }
        // The README's example: the same start of a turn twice is refused by AND-07.
        using (var fight = new Encounter("andromeda", Library.DemoSetup("andromeda"), 7))
        {
            string start = fight.Suggest();
            fight.Apply(start);
            FrayException e = Caught(FrayResult.Rule, () => fight.Apply(start), "README example");
            Check(e != null && e.Rule == "AND-07" && e.Message.Contains("rule AND-07: "),
                "the README's refusal is AND-07: " + (e == null ? "" : e.Message));
        }
        // A refusal no rule numbers: its own code, no rule id.
        using (var fight = new Encounter("better-world", Library.DemoSetup("better-world"), 7))
        {
            string command = Regex.Replace(fight.Suggest(), "\"actor\":[0-9]+", "\"actor\":99");
            FrayException e = Caught(FrayResult.InvalidCommand, () => fight.Apply(command),
                "a command naming nobody");
            Check(e != null && e.Rule == "", "no rule id for an invalid command");
        }
        // Odds specs must be objects.
        Caught(FrayResult.Parse, () => Library.RulesetOddsJson("andromeda", "[1,2,3]"),
            "positional odds spec");

        // Freed twice: refused, not undefined.
        RngHandle handle;
        Check(Native.fray_rng_new(1, 0, out handle) == FrayResult.Ok, "raw fray_rng_new");
        IntPtr raw = handle.DangerousGetHandle();
        handle.Dispose();
        Check(Native.fray_rng_free(raw) == FrayResult.InvalidHandle, "a double free is refused");
        FrayStringHandle json;
        Check(Native.fray_rulesets_json(out json) == FrayResult.Ok, "raw fray_rulesets_json");
        IntPtr text = json.DangerousGetHandle();
        json.Dispose();
        Check(Native.fray_string_free(text) == FrayResult.InvalidHandle,
            "a string freed twice is refused");
        Check(Library.SetPanicOutput(false) == false, "panic output is off by default");
    }
}
