// Test program of Fray.cs, compiled with `mcs -langversion:7.2` and run with `mono` by
// scripts/test-native (LD_LIBRARY_PATH pointing at libfray.so, built with `test-hooks`).
//
//   mono FrayTests.exe [OUT_DIR]
//   mono FrayTests.exe --replays REPLAYS_DIR    (only the golden replays: ReplayTests.cs)
//
// With OUT_DIR it writes each ruleset's demo events JSON to OUT_DIR/<ruleset>.cs.json for
// the cross-language conformance check. Exits 1 on any failure.
using System;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using Fray;

internal static partial class FrayTests
{
    private static int failures;
    private static int checks;

    // Test-only entry points: the panic hook, and raw bytes for invalid UTF-8.
    [DllImport(Native.Lib, CallingConvention = CallingConvention.Cdecl)]
    private static extern FrayResult fray_test_panic();

    [DllImport(Native.Lib, CallingConvention = CallingConvention.Cdecl)]
    private static extern FrayResult fray_odds_json(byte[] expression, UIntPtr len,
        out FrayStringHandle json);

    private static void Check(bool condition, string what)
    {
        checks++;
        if (!condition)
        {
            failures++;
            Console.Error.WriteLine("FAILED: " + what);
        }
    }

    /// Runs action and expects a FrayException with the given code; returns its message.
    private static string Throws(FrayResult code, Action action, string what)
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
                Console.Error.WriteLine("FAILED: " + what + ": code " + e.Code + ", expected " + code
                    + " (" + e.Message + ")");
            }
            return e.Message;
        }
        failures++;
        Console.Error.WriteLine("FAILED: " + what + ": no exception");
        return "";
    }

    private static void TestBasics()
    {
        Check(Library.Version == Library.BindingVersion,
            "libfray " + Library.Version + " is the version Fray.cs was written for");
        Check(Library.ErrorMessage(FrayResult.UnknownRuleset) == "unknown ruleset", "error text");

        using (var a = new Rng(42, 7))
        using (var b = new Rng(42, 7))
        {
            var filled = new uint[64];
            a.Fill(20, filled);
            bool same = true;
            for (int i = 0; i < filled.Length; i++) same &= b.Roll(20) == filled[i];
            Check(same, "Fill equals single rolls");
            var totals = new long[50];
            a.RollBatch("4d6dl1", totals);
            same = true;
            for (int i = 0; i < totals.Length; i++) same &= b.Roll("4d6dl1") == totals[i];
            Check(same, "RollBatch equals single rolls");
            Check(a.KDie() <= 1, "K die");
            Check(a.RollJson("3d8kh2+2").Contains("\"fate\":\"dropped\""), "RollJson transcript");

            string message = Throws(FrayResult.InvalidArgument, () => a.Roll(0), "d0");
            Check(message.Contains("d0"), "the d0 message says why: " + message);
            message = Throws(FrayResult.Parse, () => a.Roll("2d"), "bad notation");
            Check(message.Contains("column"), "the parse message names the column: " + message);
        }
        Check(Library.OddsJson("2d6").Contains("\"denominator\":36"), "odds of 2d6");
        // 6^100, past 128 bits: written in full as a JSON integer.
        Check(Library.OddsJson("100d6").Contains(
            "\"denominator\":653318623500070906096690267158057820537143710472954871543071966369497141477376"),
            "odds of 100d6 have the exact denominator");
        Check(Library.OddsJson("1d6!", 1).Contains("\"unresolved\":{\"numerator\":1,\"denominator\":36}"),
            "odds of 1d6! one die deep leave 1/36 unresolved");

        string unknown = Throws(FrayResult.UnknownRuleset,
            () => new Encounter("chess", "{}", 1), "unknown ruleset");
        Check(unknown.Contains("chess"), "the message names the ruleset: " + unknown);
        Throws(FrayResult.Parse, () => Library.VerifyReplay("{"), "malformed replay");

        FrayStringHandle json;
        var bad = new byte[] { 0xff, 0xfe, 0x32 };
        Check(fray_odds_json(bad, (UIntPtr)bad.Length, out json) == FrayResult.InvalidUtf8,
            "invalid UTF-8 is refused");
        Check(json.IsInvalid, "nothing is returned on failure");
        Check(Library.LastError().Contains("UTF-8"), "the UTF-8 message");

        // A disposed handle is refused by the SafeHandle before any native call.
        var rng = new Rng(1);
        rng.Dispose();
        checks++;
        try
        {
            rng.Roll(6);
            failures++;
            Console.Error.WriteLine("FAILED: a disposed Rng was used");
        }
        catch (ObjectDisposedException)
        {
        }

        Check(fray_test_panic() == FrayResult.Panic, "a forced panic comes back as Panic");
        Check(Library.LastError().Contains("on purpose"), "the panic message");
        using (var after = new Rng(1))
        {
            uint face = after.Roll(6);
            Check(face >= 1 && face <= 6, "the library works after a panic");
        }
    }

    private static void TestAndromedaHotPath()
    {
        AndromedaCheckSpec spec = AndromedaCheckSpec.Default;
        Check(spec.CostFrom == 10 && spec.SuccessFrom == 13 && spec.CriticalFrom == 16,
            "default table");
        spec.SkillValue = 3;
        spec.SkillRank = 2;
        spec.Difficulty = 3;
        spec.Edge = AndromedaEdge.Advantage;

        const int n = 1000;
        var batch = new AndromedaCheckResult[n];
        Library.AndromedaCheckBatch(ref spec, 99, 1000, batch, n);
        bool same = true;
        for (int i = 0; i < n; i++)
        {
            using (var rng = new Rng(99, 1000 + (ulong)i))
            {
                AndromedaCheckResult one;
                rng.AndromedaCheck(ref spec, out one);
                same &= one.Total == batch[i].Total && one.Tier == batch[i].Tier
                    && one.Die(2) == batch[i].Die(2) && one.DiceCount == 3;
                same &= one.Total == 3 + one.Kept0 + one.Kept1 && one.Shift == -1;
            }
        }
        Check(same, "batch check i equals a single check on stream 1000 + i");

        AndromedaCheckSpec bad = spec;
        bad.Edge = (AndromedaEdge)9;
        using (var rng = new Rng(5))
        {
            AndromedaCheckResult result;
            string message = Throws(FrayResult.InvalidArgument,
                () => { AndromedaCheckResult r; rng.AndromedaCheck(ref bad, out r); },
                "unknown edge");
            Check(message.Contains("edge"), "the edge message: " + message);

            // No allocation per call on the hot path: N and 2N calls allocate the same (the
            // constant is the measuring itself). And the cost of a call from C#.
            for (int i = 0; i < 1000; i++) rng.AndromedaCheck(ref spec, out result);
            long once = AllocatedDuring(rng, ref spec, 100000);
            long twice = AllocatedDuring(rng, ref spec, 200000);
            if (once >= 0)
                Check(once == twice, "the hot path allocates per call: " + once + " bytes for 100000 calls, "
                    + twice + " for 200000");
            const int calls = 200000;
            var watch = Stopwatch.StartNew();
            long sum = 0;
            for (int i = 0; i < calls; i++)
            {
                rng.AndromedaCheck(ref spec, out result);
                sum += result.Total;
            }
            watch.Stop();
            var many = new AndromedaCheckResult[4096];
            Library.AndromedaCheckBatch(ref spec, 1, 0, many, many.Length);
            long b0 = AllocatedBytes();
            for (int i = 0; i < 10; i++) Library.AndromedaCheckBatch(ref spec, 1, 0, many, 64);
            long b1 = AllocatedBytes();
            for (int i = 0; i < 20; i++) Library.AndromedaCheckBatch(ref spec, 1, 0, many, 64);
            long b2 = AllocatedBytes();
            if (b0 >= 0)
                Check(b2 - b1 == b1 - b0, "the batch allocates per call: " + (b1 - b0)
                    + " bytes for 10 calls, " + (b2 - b1) + " for 20");
            var batchWatch = Stopwatch.StartNew();
            for (int i = 0; i < 20; i++) Library.AndromedaCheckBatch(ref spec, 1, 0, many, many.Length);
            batchWatch.Stop();
            // Timings are of whatever libfray is loaded: scripts/test-native loads a debug build.
            Console.WriteLine("C# AndromedaCheckBatch: {0:F1} ns/check (20 x 4096, trial i = stream i)",
                batchWatch.Elapsed.TotalMilliseconds * 1e6 / (20 * 4096));
            Console.WriteLine("C# AndromedaCheck: {0:F1} ns/call over {1} calls; bytes allocated by "
                + "100000 / 200000 calls: {2} / {3}{4}",
                watch.Elapsed.TotalMilliseconds * 1e6 / calls, calls, once, twice,
                sum > 0 ? " (timings of the loaded libfray build)" : "!");
        }
    }

    private static void TestOtherTypedChecks()
    {
        const int n = 64;
        var red = new RedCheckSpec { Base = 12, Dv = 15, Critical = 1 };
        var redMany = new RedCheckResult[n];
        Library.RedCheckBatch(ref red, 5, 10, redMany, n);
        var age = new AgeTestSpec { Ability = 2, Focus = 1, Modifier = -1, HasTn = 1, Tn = 11 };
        var ageMany = new AgeTestResult[n];
        Library.AgeTestBatch(ref age, 5, 10, ageMany, n);
        var bw = new BetterWorldCheckSpec { Pool = 5, Difficulty = 3, Tie = 1 };
        var bwMany = new BetterWorldCheckResult[n];
        Library.BetterWorldCheckBatch(ref bw, 5, 10, bwMany, n);
        var huntMany = new HuntTestResult[n];
        Library.HuntStatTestBatch(7, 2, 5, 10, huntMany, n);
        bool same = true;
        for (int i = 0; i < n; i++)
        {
            ulong stream = 10 + (ulong)i;
            RedCheckResult r;
            AgeTestResult a;
            BetterWorldCheckResult b;
            HuntTestResult h;
            using (var rng = new Rng(5, stream)) rng.RedCheck(ref red, out r);
            using (var rng = new Rng(5, stream)) rng.AgeTest(ref age, out a);
            using (var rng = new Rng(5, stream)) rng.BetterWorldCheck(ref bw, out b);
            using (var rng = new Rng(5, stream)) rng.HuntStatTest(7, 2, out h);
            same &= r.Equals(redMany[i]) && a.Equals(ageMany[i]) && b.Equals(bwMany[i])
                && h.Equals(huntMany[i]);
            same &= r.Total == 12 + r.Value && a.Total == a.Die0 + a.Die1 + a.Die2 + 3;
        }
        Check(same, "red/age/better-world/hunt batches equal single checks");
        var bad = bw;
        bad.Tie = 9;
        Throws(FrayResult.InvalidArgument, () =>
        {
            using (var rng = new Rng(1)) { BetterWorldCheckResult x; rng.BetterWorldCheck(ref bad, out x); }
        }, "unknown tie rule");
        var huge = red;
        huge.Base = int.MaxValue;
        string message = Throws(FrayResult.Rule, () =>
        {
            using (var rng = new Rng(1)) { RedCheckResult x; rng.RedCheck(ref huge, out x); }
        }, "absurd RED base");
        Check(message.Contains("RED-30"), "the rule id is in the message: " + message);
        checks++;
        try
        {
            using (var rng = new Rng(1)) { RedCheckResult x; rng.RedCheck(ref huge, out x); }
            failures++;
        }
        catch (FrayException e)
        {
            if (e.Rule != "RED-30")
            {
                failures++;
                Console.Error.WriteLine("FAILED: FrayException.Rule is '" + e.Rule + "', not RED-30");
            }
        }
    }

    /// Bytes this thread allocated while making `calls` checks (-1 if the runtime cannot say).
    private static long AllocatedDuring(Rng rng, ref AndromedaCheckSpec spec, int calls)
    {
        long before = AllocatedBytes();
        AndromedaCheckResult result;
        for (int i = 0; i < calls; i++) rng.AndromedaCheck(ref spec, out result);
        long after = AllocatedBytes();
        return before < 0 ? -1 : after - before;
    }

    /// Bytes allocated by this thread so far, or -1 where the runtime cannot say.
    private static long AllocatedBytes()
    {
        var method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread");
        return method == null ? -1 : (long)method.Invoke(null, null);
    }

    /// The decision protocol and the readable log through the C ABI (AGE is on the protocol).
    private static void TestProtocol()
    {
        using (var fight = new Encounter("age", Library.DemoSetup("age"), Library.DemoSeed("age")))
        {
            string options = fight.OptionsJson();
            Check(options.StartsWith("{\"decider\":", StringComparison.Ordinal),
                "options name the decider: " + options.Substring(0, Math.Min(80, options.Length)));
            string command = fight.Suggest();
            Check(fight.PreviewJson(command).StartsWith("[", StringComparison.Ordinal),
                "a preview is a list of tables");
            string before = fight.EventsJson;
            Check(fight.EventsJson == before, "a preview applies nothing");
            Throws(FrayResult.InvalidArgument, () => fight.SetLanguage("xx"), "an unknown language");
            fight.SetLanguage("ru");
            Check(fight.LinesJson("en").StartsWith("[\"", StringComparison.Ordinal), "lines in English");
            Check(fight.LinesJson("ru", "nobody").StartsWith("[", StringComparison.Ordinal),
                "a participant's lines");
            string summary;
            string standing = fight.StandingJson("ru", out summary);
            Check(standing.StartsWith("[", StringComparison.Ordinal)
                && summary.StartsWith("[", StringComparison.Ordinal), "standing and summary");
        }
    }

    private static void TestEncounters(string outDir)
    {
        string[] ids = Library.Rulesets();
        Check(ids.Length > 0, "the build has rulesets");
        Console.WriteLine("rulesets: " + string.Join(", ", ids));
        foreach (string id in ids)
        {
            string setup = Library.DemoSetup(id);
            using (var fight = new Encounter(id, setup, Library.DemoSeed(id)))
            {
                int commands = 0;
                int lines = Library.Describe(id, fight.EventsJson).Split('\n').Length;
                for (string command = fight.Suggest(); command != null; command = fight.Suggest())
                {
                    string events = fight.Apply(command);
                    lines += Library.Describe(id, events).Split('\n').Length;
                    commands++;
                    if (commands > 20000)
                    {
                        Check(false, id + ": the demo ends");
                        break;
                    }
                }
                string state = fight.StateJson;
                string all = fight.EventsJson;
                Throws(FrayResult.Parse, () => fight.Apply("{\"type\":"), id + ": malformed command");
                Throws(FrayResult.Parse, () => fight.Apply("{\"type\":\"no_such_command\"}"),
                    id + ": unknown command");
                Check(fight.StateJson == state && fight.EventsJson == all,
                    id + ": refused commands change nothing");

                string replay = fight.ReplayJson;
                Check(Library.VerifyReplay(replay).Contains(id), id + ": the replay verifies");
                int at = replay.IndexOf("\"digest\": \"", StringComparison.Ordinal);
                Check(at >= 0, id + ": the replay has command digests");
                if (at >= 0)
                {
                    int c = at + "\"digest\": \"".Length;
                    string tampered = replay.Substring(0, c) + (replay[c] == '0' ? '1' : '0')
                        + replay.Substring(c + 1);
                    string message = Throws(FrayResult.ReplayMismatch,
                        () => Library.VerifyReplay(tampered), id + ": tampered replay");
                    Check(message.Contains("command #1"), id + ": names the command: " + message);
                }
                Check(Library.RulesetOddsJson(id, "{}").Contains("\"rows\""), id + ": odds");
                Check(Library.SetupCheckJson(id, setup) == "[]", id + ": the demo setup checks clean");
                string refused = Library.SetupCheckJson(id, "{}");
                Check(refused.StartsWith("[{\"severity\":\"error\"", StringComparison.Ordinal),
                    id + ": an empty setup is an error finding: " + refused);
                string one = Library.SimulateJson(id, setup, 8, 3, 1);
                Check(one == Library.SimulateJson(id, setup, 8, 3, 2),
                    id + ": simulation does not depend on threads");

                Console.WriteLine("{0}: {1} commands, {2} log lines, replay verified", id,
                    commands, lines);
                if (outDir != null)
                    File.WriteAllBytes(Path.Combine(outDir, id + ".cs.json"),
                        new UTF8Encoding(false).GetBytes(all));
            }
        }
    }

    private static int Main(string[] args)
    {
        string outDir = args.Length > 0 ? args[0] : null;
        try
        {
            Console.WriteLine("libfray " + Library.Version + " from C# (Mono)");
            if (args.Length == 2 && args[0] == "--replays")
            {
                TestGoldenReplays(args[1]); // ReplayTests.cs, scripts/test-native's own stage
            }
            else
            {
                TestBasics();
                TestAndromedaHotPath();
                TestOtherTypedChecks();
                TestEncounters(outDir);
                TestProtocol();
                TestHostile(); // HostileTests.cs
            }
        }
        catch (Exception e)
        {
            failures++;
            Console.Error.WriteLine("FAILED with an exception: " + e);
        }
        Console.WriteLine("{0} checks, {1} failures", checks, failures);
        return failures == 0 ? 0 : 1;
    }
}
