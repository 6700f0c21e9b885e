// Fray.cs — P/Invoke wrapper of libfray (the C ABI of Fray, include/fray.h) for Unity
// (Mono or IL2CPP) and .NET. Kept within C# 7.2 so Mono's mcs compiles it as well as Unity.
//
// Ownership: every native object (dice generator, encounter, returned string) is held by a
// SafeHandle, so it is freed exactly once even if the caller forgets Dispose. Failures
// throw FrayException carrying the fray_result code and the library's detail message.
// The typed hot paths (Rng.AndromedaCheck / RedCheck / AgeTest / BetterWorldCheck /
// HuntStatTest and their Library.*Batch forms) pass blittable structs by reference and
// allocate nothing per call.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Fray
{
    /// <summary>The fray_result codes of the C ABI. Stable numbers, never reused.</summary>
    public enum FrayResult : int
    {
        /// <summary>Success.</summary>
        Ok = 0,
        /// <summary>A required pointer argument was NULL.</summary>
        NullPointer = 1,
        /// <summary>A string argument is not valid UTF-8.</summary>
        InvalidUtf8 = 2,
        /// <summary>A number or enum value is out of range.</summary>
        InvalidArgument = 3,
        /// <summary>Dice notation or JSON that does not parse or fit.</summary>
        Parse = 4,
        /// <summary>A documented limit was exceeded.</summary>
        Limit = 5,
        /// <summary>Integer arithmetic overflowed.</summary>
        Overflow = 6,
        /// <summary>The ruleset id is not in this build.</summary>
        UnknownRuleset = 7,
        /// <summary>A numbered rule refused the setup, command or spec (FrayException.Rule
        /// gives its id); nothing changed.</summary>
        Rule = 8,
        /// <summary>The replay file is invalid.</summary>
        ReplayInvalid = 9,
        /// <summary>The replay played out differently.</summary>
        ReplayMismatch = 10,
        /// <summary>The library panicked (a bug in Fray); the process may go on.</summary>
        Panic = 11,
        /// <summary>A handle freed already, never made by libfray, or of another kind.</summary>
        InvalidHandle = 12,
        /// <summary>The ruleset refused the setup for a reason no numbered rule covers.</summary>
        InvalidSetup = 13,
        /// <summary>The ruleset refused the command for a reason no numbered rule covers
        /// (it names nobody).</summary>
        InvalidCommand = 14,
        /// <summary>The encounter is over and takes no more commands.</summary>
        Ended = 15,
    }

    /// <summary>A failed call into libfray: the code and the library's detail message.</summary>
    public sealed class FrayException : Exception
    {
        /// <summary>The fray_result code.</summary>
        public FrayResult Code { get; }

        /// <summary>The rule id of a FrayResult.Rule refusal ("HUNT-06", "AND-07"); empty for
        /// every other failure.</summary>
        public string Rule { get; }

        /// <summary>Builds the exception from a code and message.</summary>
        public FrayException(FrayResult code, string message) : this(code, message, "") { }

        /// <summary>Builds the exception from a code, message and rule id.</summary>
        public FrayException(FrayResult code, string message, string rule) : base(message)
        {
            Code = code;
            Rule = rule ?? "";
        }
    }

    /// <summary>Owns a string returned by libfray; frees it with fray_string_free.</summary>
    public sealed class FrayStringHandle : SafeHandle
    {
        /// <summary>An empty handle (the marshaller fills it).</summary>
        public FrayStringHandle() : base(IntPtr.Zero, true) { }

        /// <inheritdoc/>
        public override bool IsInvalid => handle == IntPtr.Zero;

        /// <inheritdoc/>
        protected override bool ReleaseHandle()
        {
            // A refusal (FrayResult.InvalidHandle) cannot happen for a handle SafeHandle
            // frees once; nothing is left to release either way.
            Native.fray_string_free(handle);
            return true;
        }

        /// <summary>The text (null for a NULL string); the native memory is freed.</summary>
        public string ReadAndFree()
        {
            try
            {
                return IsInvalid ? null : Native.Utf8ToString(handle);
            }
            finally
            {
                Dispose();
            }
        }
    }

    /// <summary>Owns a native dice generator; frees it with fray_rng_free.</summary>
    public sealed class RngHandle : SafeHandle
    {
        /// <summary>An empty handle (the marshaller fills it).</summary>
        public RngHandle() : base(IntPtr.Zero, true) { }

        /// <inheritdoc/>
        public override bool IsInvalid => handle == IntPtr.Zero;

        /// <inheritdoc/>
        protected override bool ReleaseHandle()
        {
            // A refusal (FrayResult.InvalidHandle) cannot happen for a handle SafeHandle
            // frees once; nothing is left to release either way.
            Native.fray_rng_free(handle);
            return true;
        }
    }

    /// <summary>Owns a native encounter; frees it with fray_encounter_free.</summary>
    public sealed class EncounterHandle : SafeHandle
    {
        /// <summary>An empty handle (the marshaller fills it).</summary>
        public EncounterHandle() : base(IntPtr.Zero, true) { }

        /// <inheritdoc/>
        public override bool IsInvalid => handle == IntPtr.Zero;

        /// <inheritdoc/>
        protected override bool ReleaseHandle()
        {
            // A refusal (FrayResult.InvalidHandle) cannot happen for a handle SafeHandle
            // frees once; nothing is left to release either way.
            Native.fray_encounter_free(handle);
            return true;
        }
    }

    /// <summary>Edge of an Andromeda roll (FRAY_ANDROMEDA_EDGE_*).</summary>
    public enum AndromedaEdge : uint
    {
        /// <summary>Plain 2d8.</summary>
        Normal = 0,
        /// <summary>Advantage.</summary>
        Advantage = 1,
        /// <summary>Disadvantage.</summary>
        Disadvantage = 2,
    }

    /// <summary>How advantage is rolled (FRAY_ANDROMEDA_ADVANTAGE_*).</summary>
    public enum AndromedaAdvantage : uint
    {
        /// <summary>Roll AdvantageAmount extra d8 (0..4) and keep two.</summary>
        ExtraDice = 0,
        /// <summary>Add AdvantageAmount on advantage, subtract it on disadvantage.</summary>
        Flat = 1,
    }

    /// <summary>The four outcomes of an Andromeda check, worst first.</summary>
    public enum AndromedaTier : uint
    {
        /// <summary>Fail.</summary>
        Fail = 0,
        /// <summary>Success at a Cost.</summary>
        SuccessAtACost = 1,
        /// <summary>Success.</summary>
        Success = 2,
        /// <summary>Critical Success.</summary>
        Critical = 3,
    }

    /// <summary>Mirror of fray_andromeda_check_spec. Start from Default.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AndromedaCheckSpec
    {
        /// <summary>Skill value added to the dice.</summary>
        public int SkillValue;
        /// <summary>Skill rank, compared with Difficulty.</summary>
        public int SkillRank;
        /// <summary>Task rank, or the target's defense for an attack.</summary>
        public int Difficulty;
        /// <summary>Advantage state.</summary>
        public AndromedaEdge Edge;
        /// <summary>Lowest total that is a Success at a Cost.</summary>
        public int CostFrom;
        /// <summary>Lowest total that is a Success.</summary>
        public int SuccessFrom;
        /// <summary>Lowest total that is a Critical Success.</summary>
        public int CriticalFrom;
        /// <summary>How advantage is rolled.</summary>
        public AndromedaAdvantage AdvantageMethod;
        /// <summary>Extra dice (0..4) or the flat bonus.</summary>
        public int AdvantageAmount;

        /// <summary>The ruleset's defaults: table 10/13/16, one extra die for advantage.</summary>
        public static AndromedaCheckSpec Default
        {
            get
            {
                AndromedaCheckSpec spec;
                Native.Check(Native.fray_andromeda_default_spec(out spec));
                return spec;
            }
        }
    }

    /// <summary>Mirror of fray_andromeda_check_result (blittable: no marshalling copy).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AndromedaCheckResult
    {
        /// <summary>The dice rolled, in order (first DiceCount meaningful).</summary>
        public byte Die0, Die1, Die2, Die3, Die4, Die5;
        /// <summary>How many dice were rolled.</summary>
        public byte DiceCount;
        /// <summary>The two dice kept.</summary>
        public byte Kept0, Kept1;
        private byte reserved0, reserved1, reserved2;
        /// <summary>Kept dice + skill value (+ a flat modifier).</summary>
        public int Total;
        /// <summary>The tier the outcome table gives the total.</summary>
        public AndromedaTier BaseTier;
        /// <summary>Tiers moved by skill rank − difficulty, before the clamp.</summary>
        public int Shift;
        /// <summary>The final tier.</summary>
        public AndromedaTier Tier;

        /// <summary>Die number i (0-based) of the roll.</summary>
        public byte Die(int i)
        {
            switch (i)
            {
                case 0: return Die0;
                case 1: return Die1;
                case 2: return Die2;
                case 3: return Die3;
                case 4: return Die4;
                case 5: return Die5;
                default: throw new ArgumentOutOfRangeException(nameof(i));
            }
        }
    }

    /// <summary>Mirror of fray_red_check_spec: d10 + Base against Dv (a tie fails).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct RedCheckSpec
    {
        /// <summary>STAT + SKILL + every modifier.</summary>
        public int Base;
        /// <summary>The difficulty value to beat.</summary>
        public int Dv;
        /// <summary>Non-zero: the critical d10 (the published rule).</summary>
        public uint Critical;
    }

    /// <summary>Mirror of fray_red_check_result.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct RedCheckResult
    {
        /// <summary>The first d10.</summary>
        public uint Natural;
        /// <summary>The critical die (+n after a 10, −n after a 1).</summary>
        public int Extra;
        /// <summary>Natural + Extra.</summary>
        public int Value;
        /// <summary>Base + Value.</summary>
        public int Total;
        /// <summary>Total − Dv.</summary>
        public int Margin;
        /// <summary>1 on a success.</summary>
        public uint Success;
    }

    /// <summary>Mirror of fray_age_test_spec: 3d6 + ability (+2 focus) + modifier vs TN.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AgeTestSpec
    {
        /// <summary>The ability score.</summary>
        public int Ability;
        /// <summary>Non-zero: a focus applies.</summary>
        public uint Focus;
        /// <summary>Modifiers, summed.</summary>
        public int Modifier;
        /// <summary>Non-zero: Tn applies; 0: no TN.</summary>
        public uint HasTn;
        /// <summary>The target number.</summary>
        public int Tn;
        /// <summary>Non-zero: fails whatever the dice say.</summary>
        public uint AutoFail;
    }

    /// <summary>Mirror of fray_age_test_result.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AgeTestResult
    {
        /// <summary>The three dice; Die2 is the Drama Die.</summary>
        public byte Die0, Die1, Die2;
        /// <summary>Stunt points.</summary>
        public byte StuntPoints;
        /// <summary>The total.</summary>
        public int Total;
        /// <summary>1 on a success.</summary>
        public uint Success;
        /// <summary>1 if two dice are equal.</summary>
        public uint Doubles;
    }

    /// <summary>Mirror of fray_better_world_check_spec: Pool K against Difficulty K.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BetterWorldCheckSpec
    {
        /// <summary>K the actor rolls.</summary>
        public uint Pool;
        /// <summary>K the difficulty rolls.</summary>
        public uint Difficulty;
        /// <summary>0: a tie is a bare success; 1: a tie fails.</summary>
        public uint Tie;
        /// <summary>Non-zero: the check succeeds whatever the dice show.</summary>
        public uint Automatic;
    }

    /// <summary>Mirror of fray_better_world_check_result.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BetterWorldCheckResult
    {
        /// <summary>Ones in the actor's pool.</summary>
        public uint Ones;
        /// <summary>Ones in the difficulty pool.</summary>
        public uint DifficultyOnes;
        /// <summary>1 on a success.</summary>
        public uint Success;
        /// <summary>Bonus units on a success.</summary>
        public uint Bonus;
        /// <summary>Deficit on a failure.</summary>
        public uint Deficit;
    }

    /// <summary>Mirror of fray_hunt_test_result: a stat test, passed when Roll ≤ Stat.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct HuntTestResult
    {
        /// <summary>The stat tested.</summary>
        public uint Stat;
        /// <summary>The dice total.</summary>
        public uint Roll;
        /// <summary>Stat − Roll.</summary>
        public int Margin;
        /// <summary>1 on a pass.</summary>
        public uint Passed;
    }

    /// <summary>A seeded dice generator: the same seed and stream give the same rolls.</summary>
    public sealed class Rng : IDisposable
    {
        private readonly RngHandle handle;

        /// <summary>The generator for seed on stream.</summary>
        public Rng(ulong seed, ulong stream = 0)
        {
            Native.Check(Native.fray_rng_new(seed, stream, out handle));
        }

        /// <summary>One die with the given number of faces.</summary>
        public uint Roll(uint sides)
        {
            uint value;
            Native.Check(Native.fray_rng_roll(handle, sides, out value));
            return value;
        }

        /// <summary>One die with the given number of faces (int sides, as C# code counts);
        /// a negative count throws ArgumentOutOfRangeException.</summary>
        public uint Roll(int sides)
        {
            return Roll(Native.Unsigned(sides, nameof(sides)));
        }

        /// <summary>The binary K die: 0 or 1.</summary>
        public uint KDie()
        {
            uint value;
            Native.Check(Native.fray_rng_k_die(handle, out value));
            return value;
        }

        /// <summary>Fills buffer with rolls of one die kind; a negative sides throws
        /// ArgumentOutOfRangeException.</summary>
        public void Fill(int sides, uint[] buffer)
        {
            Fill(Native.Unsigned(sides, nameof(sides)), buffer);
        }

        /// <summary>Fills buffer with rolls of one die kind (no allocation).</summary>
        public void Fill(uint sides, uint[] buffer)
        {
            if (buffer == null) throw new ArgumentNullException(nameof(buffer));
            if (buffer.Length == 0) return;
            // A ref to the first element pins the array in place: no copy, no allocation.
            Native.Check(Native.fray_rng_fill(handle, sides, ref buffer[0], (UIntPtr)buffer.Length));
        }

        /// <summary>The total of dice notation such as "3d8kh2+2".</summary>
        public long Roll(string expression)
        {
            byte[] text = Native.Utf8(expression);
            long total;
            Native.Check(Native.fray_roll(handle, text, (UIntPtr)text.Length, out total));
            return total;
        }

        /// <summary>The roll with every die as JSON.</summary>
        public string RollJson(string expression)
        {
            byte[] text = Native.Utf8(expression);
            FrayStringHandle json;
            Native.Check(Native.fray_roll_json(handle, text, (UIntPtr)text.Length, out json));
            return json.ReadAndFree();
        }

        /// <summary>Rolls the expression totals.Length times into totals.</summary>
        public void RollBatch(string expression, long[] totals)
        {
            if (totals == null) throw new ArgumentNullException(nameof(totals));
            byte[] text = Native.Utf8(expression);
            if (totals.Length == 0) return;
            Native.Check(Native.fray_roll_batch(handle, text, (UIntPtr)text.Length,
                ref totals[0], (UIntPtr)totals.Length));
        }

        /// <summary>One Andromeda check with dice from this generator. Allocates nothing.</summary>
        public void AndromedaCheck(ref AndromedaCheckSpec spec, out AndromedaCheckResult result)
        {
            FrayResult code = Native.fray_andromeda_check(handle, ref spec, out result);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>One RED check. Allocates nothing.</summary>
        public void RedCheck(ref RedCheckSpec spec, out RedCheckResult result)
        {
            FrayResult code = Native.fray_red_check(handle, ref spec, out result);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>One AGE test. Allocates nothing.</summary>
        public void AgeTest(ref AgeTestSpec spec, out AgeTestResult result)
        {
            FrayResult code = Native.fray_age_test(handle, ref spec, out result);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>One Better World check. Allocates nothing.</summary>
        public void BetterWorldCheck(ref BetterWorldCheckSpec spec, out BetterWorldCheckResult result)
        {
            FrayResult code = Native.fray_better_world_check(handle, ref spec, out result);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>One Hunt stat test (testDice d6 against stat). Allocates nothing.</summary>
        public void HuntStatTest(uint stat, uint testDice, out HuntTestResult result)
        {
            FrayResult code = Native.fray_hunt_stat_test(handle, stat, testDice, out result);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>One Hunt stat test; negative arguments throw ArgumentOutOfRangeException.</summary>
        public void HuntStatTest(int stat, int testDice, out HuntTestResult result)
        {
            HuntStatTest(Native.Unsigned(stat, nameof(stat)),
                Native.Unsigned(testDice, nameof(testDice)), out result);
        }

        /// <summary>Frees the native generator.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>A running encounter of any ruleset, driven by JSON.</summary>
    public sealed class Encounter : IDisposable
    {
        private readonly EncounterHandle handle;

        /// <summary>Starts an encounter of ruleset from setup JSON with dice (seed, stream).</summary>
        public Encounter(string ruleset, string setupJson, ulong seed, ulong stream = 0)
        {
            byte[] id = Native.Utf8(ruleset);
            byte[] setup = Native.Utf8(setupJson);
            Native.Check(Native.fray_encounter_new(id, (UIntPtr)id.Length, setup,
                (UIntPtr)setup.Length, seed, stream, out handle));
        }

        /// <summary>Applies a command; returns its events as a JSON array. Throws, and
        /// changes nothing, if the command is malformed or the rules refuse it.</summary>
        public string Apply(string commandJson)
        {
            byte[] command = Native.Utf8(commandJson);
            FrayStringHandle events;
            Native.Check(Native.fray_encounter_apply(handle, command, (UIntPtr)command.Length,
                out events));
            return events.ReadAndFree();
        }

        /// <summary>The default tactic's next command, or null when the fight is over.</summary>
        public string Suggest()
        {
            FrayStringHandle command;
            Native.Check(Native.fray_encounter_suggest(handle, out command));
            return command.ReadAndFree();
        }

        /// <summary>The whole state as JSON.</summary>
        public string StateJson
        {
            get
            {
                FrayStringHandle json;
                Native.Check(Native.fray_encounter_state_json(handle, out json));
                return json.ReadAndFree();
            }
        }

        /// <summary>Every event so far as a JSON array.</summary>
        public string EventsJson
        {
            get
            {
                FrayStringHandle json;
                Native.Check(Native.fray_encounter_events_json(handle, out json));
                return json.ReadAndFree();
            }
        }

        /// <summary>The id of the encounter's ruleset.</summary>
        public string Ruleset
        {
            get
            {
                FrayStringHandle id;
                Native.Check(Native.fray_encounter_ruleset(handle, out id));
                return id.ReadAndFree();
            }
        }

        /// <summary>The replay file as JSON.</summary>
        public string ReplayJson
        {
            get
            {
                FrayStringHandle json;
                Native.Check(Native.fray_encounter_replay_json(handle, out json));
                return json.ReadAndFree();
            }
        }

        /// <summary>Sets the language of refusal messages: "en" (default) or "ru".</summary>
        public void SetLanguage(string lang)
        {
            byte[] code = Native.Utf8(lang);
            Native.Check(Native.fray_encounter_set_language(handle, code, (UIntPtr)code.Length));
        }

        /// <summary>Who decides now and every legal command, as JSON (decider, list).</summary>
        public string OptionsJson()
        {
            FrayStringHandle json;
            Native.Check(Native.fray_encounter_options(handle, out json));
            return json.ReadAndFree();
        }

        /// <summary>The exact odds of a command, as a JSON list of tables; applies nothing.</summary>
        public string PreviewJson(string commandJson)
        {
            byte[] command = Native.Utf8(commandJson);
            FrayStringHandle json;
            Native.Check(Native.fray_encounter_preview(handle, command, (UIntPtr)command.Length,
                out json));
            return json.ReadAndFree();
        }

        /// <summary>The log as readable lines (a JSON array of strings) in lang, as viewer
        /// sees it (null: the game master, who sees everything).</summary>
        public string LinesJson(string lang, string viewer = null)
        {
            byte[] code = Native.Utf8(lang);
            byte[] name = viewer == null ? null : Native.Utf8(viewer);
            FrayStringHandle json;
            Native.Check(Native.fray_encounter_lines(handle, code, (UIntPtr)code.Length, name,
                (UIntPtr)(name == null ? 0 : name.Length), out json));
            return json.ReadAndFree();
        }

        /// <summary>What each participant has now, as JSON; the readable summary lines in
        /// lang (a JSON array of strings) through summaryJson.</summary>
        public string StandingJson(string lang, out string summaryJson)
        {
            byte[] code = Native.Utf8(lang);
            FrayStringHandle json;
            FrayStringHandle lines;
            Native.Check(Native.fray_encounter_standing(handle, code, (UIntPtr)code.Length,
                out json, out lines));
            summaryJson = lines.ReadAndFree();
            return json.ReadAndFree();
        }

        /// <summary>Frees the native encounter.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>Calls that need no handle: rulesets, odds, simulation, replays.</summary>
    public static class Library
    {
        /// <summary>The version this wrapper was written for (checked by its tests).</summary>
        public const string BindingVersion = "0.1.0";

        /// <summary>The native library's version.</summary>
        public static string Version
        {
            get { return Native.Utf8ToString(Native.fray_version()); }
        }

        /// <summary>The ids of every ruleset in this build.</summary>
        public static string[] Rulesets()
        {
            UIntPtr count;
            Native.Check(Native.fray_ruleset_count(out count));
            var ids = new string[(int)count];
            for (int i = 0; i < ids.Length; i++)
            {
                FrayStringHandle id;
                Native.Check(Native.fray_ruleset_id((UIntPtr)i, out id));
                ids[i] = id.ReadAndFree();
            }
            return ids;
        }

        /// <summary>Every ruleset with its version, sides, metric, odds keys and demo seed.</summary>
        public static string RulesetsJson()
        {
            FrayStringHandle json;
            Native.Check(Native.fray_rulesets_json(out json));
            return json.ReadAndFree();
        }

        /// <summary>The setup JSON of a ruleset's demo fight.</summary>
        public static string DemoSetup(string ruleset)
        {
            byte[] id = Native.Utf8(ruleset);
            FrayStringHandle json;
            Native.Check(Native.fray_demo_setup_json(id, (UIntPtr)id.Length, out json));
            return json.ReadAndFree();
        }

        /// <summary>The seed of a ruleset's demo fight.</summary>
        public static ulong DemoSeed(string ruleset)
        {
            byte[] id = Native.Utf8(ruleset);
            ulong seed;
            Native.Check(Native.fray_demo_seed(id, (UIntPtr)id.Length, out seed));
            return seed;
        }

        /// <summary>One readable line per event (an event or an array), joined by "\n".</summary>
        public static string Describe(string ruleset, string eventsJson)
        {
            byte[] id = Native.Utf8(ruleset);
            byte[] events = Native.Utf8(eventsJson);
            FrayStringHandle text;
            Native.Check(Native.fray_describe_events(id, (UIntPtr)id.Length, events,
                (UIntPtr)events.Length, out text));
            return text.ReadAndFree();
        }

        /// <summary>Exact distribution of dice notation as JSON. Counts and denominators are
        /// JSON integers of any length (100d6 has a 78-digit denominator): read them with
        /// <c>System.Numerics.BigInteger.Parse(element.GetRawText())</c>, not as doubles.
        /// Exploding dice are followed until at most 2^-64 is unresolved.</summary>
        public static string OddsJson(string expression)
        {
            byte[] text = Native.Utf8(expression);
            FrayStringHandle json;
            Native.Check(Native.fray_odds_json(text, (UIntPtr)text.Length, out json));
            return json.ReadAndFree();
        }

        /// <summary><see cref="OddsJson(string)"/> with each exploding die followed at most
        /// <paramref name="depth"/> extra dice deep (as <c>fray odds --depth N</c>).</summary>
        public static string OddsJson(string expression, uint depth)
        {
            byte[] text = Native.Utf8(expression);
            FrayStringHandle json;
            Native.Check(Native.fray_odds_depth_json(text, (UIntPtr)text.Length, depth,
                out json));
            return json.ReadAndFree();
        }

        /// <summary>Exact odds of a ruleset's check as JSON tables; spec is a JSON object.</summary>
        public static string RulesetOddsJson(string ruleset, string specJson)
        {
            byte[] id = Native.Utf8(ruleset);
            byte[] spec = Native.Utf8(specJson);
            FrayStringHandle json;
            Native.Check(Native.fray_ruleset_odds_json(id, (UIntPtr)id.Length, spec,
                (UIntPtr)spec.Length, out json));
            return json.ReadAndFree();
        }

        /// <summary>Plays trials fights (trial i on stream i) and sums them up as JSON.</summary>
        public static string SimulateJson(string ruleset, string setupJson, ulong trials,
            ulong seed, uint threads)
        {
            byte[] id = Native.Utf8(ruleset);
            byte[] setup = Native.Utf8(setupJson);
            FrayStringHandle json;
            Native.Check(Native.fray_simulate_json(id, (UIntPtr)id.Length, setup,
                (UIntPtr)setup.Length, trials, seed, threads, out json));
            return json.ReadAndFree();
        }

        /// <summary>SimulateJson with int counts; negatives throw ArgumentOutOfRangeException.</summary>
        public static string SimulateJson(string ruleset, string setupJson, long trials,
            ulong seed, int threads)
        {
            if (trials < 0) throw new ArgumentOutOfRangeException(nameof(trials));
            return SimulateJson(ruleset, setupJson, (ulong)trials, seed,
                Native.Unsigned(threads, nameof(threads)));
        }

        /// <summary>SimulateJson with an int thread count; a negative one throws
        /// ArgumentOutOfRangeException.</summary>
        public static string SimulateJson(string ruleset, string setupJson, ulong trials,
            ulong seed, int threads)
        {
            return SimulateJson(ruleset, setupJson, trials, seed,
                Native.Unsigned(threads, nameof(threads)));
        }

        /// <summary>Every finding about a setup as a JSON array, errors first, as
        /// <c>fray check</c> prints them (<c>[]</c> for a clean setup). A setup the ruleset
        /// refuses is an "error" finding, not an exception.</summary>
        public static string SetupCheckJson(string ruleset, string setupJson)
        {
            byte[] id = Native.Utf8(ruleset);
            byte[] setup = Native.Utf8(setupJson);
            FrayStringHandle json;
            Native.Check(Native.fray_setup_check_json(id, (UIntPtr)id.Length, setup,
                (UIntPtr)setup.Length, out json));
            return json.ReadAndFree();
        }

        /// <summary>Verifies a replay file; returns the report JSON or throws
        /// (FrayResult.ReplayMismatch names the first differing command).</summary>
        public static string VerifyReplay(string replayJson)
        {
            byte[] replay = Native.Utf8(replayJson);
            FrayStringHandle report;
            Native.Check(Native.fray_replay_verify(replay, (UIntPtr)replay.Length, out report));
            return report.ReadAndFree();
        }

        /// <summary>count checks of one spec, check i on dice (seed, firstStream + i), into
        /// results[0..count]. Allocates nothing.</summary>
        public static void AndromedaCheckBatch(ref AndromedaCheckSpec spec, ulong seed,
            ulong firstStream, AndromedaCheckResult[] results, int count)
        {
            if (CheckCount(results, count) == 0) return;
            FrayResult code = Native.fray_andromeda_check_batch(ref spec, seed, firstStream,
                ref results[0], (UIntPtr)count);
            if (code != FrayResult.Ok) throw Native.Failure(code);
        }

        /// <summary>count RED checks, check i on dice (seed, firstStream + i).</summary>
        public static void RedCheckBatch(ref RedCheckSpec spec, ulong seed, ulong firstStream,
            RedCheckResult[] results, int count)
        {
            if (CheckCount(results, count) == 0) return;
            Native.Check(Native.fray_red_check_batch(ref spec, seed, firstStream, ref results[0],
                (UIntPtr)count));
        }

        /// <summary>count AGE tests, test i on dice (seed, firstStream + i).</summary>
        public static void AgeTestBatch(ref AgeTestSpec spec, ulong seed, ulong firstStream,
            AgeTestResult[] results, int count)
        {
            if (CheckCount(results, count) == 0) return;
            Native.Check(Native.fray_age_test_batch(ref spec, seed, firstStream, ref results[0],
                (UIntPtr)count));
        }

        /// <summary>count Better World checks, check i on dice (seed, firstStream + i).</summary>
        public static void BetterWorldCheckBatch(ref BetterWorldCheckSpec spec, ulong seed,
            ulong firstStream, BetterWorldCheckResult[] results, int count)
        {
            if (CheckCount(results, count) == 0) return;
            Native.Check(Native.fray_better_world_check_batch(ref spec, seed, firstStream,
                ref results[0], (UIntPtr)count));
        }

        /// <summary>count Hunt stat tests, test i on dice (seed, firstStream + i).</summary>
        public static void HuntStatTestBatch(uint stat, uint testDice, ulong seed,
            ulong firstStream, HuntTestResult[] results, int count)
        {
            if (CheckCount(results, count) == 0) return;
            Native.Check(Native.fray_hunt_stat_test_batch(stat, testDice, seed, firstStream,
                ref results[0], (UIntPtr)count));
        }

        /// <summary>HuntStatTestBatch with int stat and dice; negatives throw
        /// ArgumentOutOfRangeException.</summary>
        public static void HuntStatTestBatch(int stat, int testDice, ulong seed,
            ulong firstStream, HuntTestResult[] results, int count)
        {
            HuntStatTestBatch(Native.Unsigned(stat, nameof(stat)),
                Native.Unsigned(testDice, nameof(testDice)), seed, firstStream, results, count);
        }

        private static int CheckCount(Array results, int count)
        {
            if (results == null) throw new ArgumentNullException(nameof(results));
            if (count < 0 || count > results.Length)
                throw new ArgumentOutOfRangeException(nameof(count));
            return count;
        }

        /// <summary>The fixed text of a code.</summary>
        public static string ErrorMessage(FrayResult code)
        {
            return Native.Utf8ToString(Native.fray_error_message((int)code));
        }

        /// <summary>The detail of the last failure on this thread.</summary>
        public static string LastError()
        {
            FrayStringHandle text;
            if (Native.fray_last_error(out text) != FrayResult.Ok) return "";
            return text.ReadAndFree();
        }

        /// <summary>The rule id of the last failure on this thread if it was a rule refusal
        /// (FrayResult.Rule), else "".</summary>
        public static string LastErrorRule()
        {
            FrayStringHandle text;
            if (Native.fray_last_error_rule(out text) != FrayResult.Ok) return "";
            return text.ReadAndFree();
        }

        /// <summary>Whether a panic caught inside libfray is also reported on stderr (off by
        /// default; the message is in the exception either way). Returns the previous setting.</summary>
        public static bool SetPanicOutput(bool enabled)
        {
            return Native.fray_set_panic_output(enabled ? 1u : 0u) != 0;
        }
    }

    /// <summary>The raw entry points. Use the classes above; these are for tests.</summary>
    public static class Native
    {
        /// <summary>The library name: libfray.so, fray.dll or libfray.dylib. On iOS (static
        /// linking) change it to "__Internal".</summary>
        public const string Lib = "fray";

        private static readonly UTF8Encoding Strict = new UTF8Encoding(false, true);

        internal static byte[] Utf8(string text)
        {
            if (text == null) throw new ArgumentNullException(nameof(text));
            return Strict.GetBytes(text);
        }

        internal static string Utf8ToString(IntPtr ptr)
        {
            if (ptr == IntPtr.Zero) return null;
            int len = 0;
            while (Marshal.ReadByte(ptr, len) != 0) len++;
            var bytes = new byte[len];
            Marshal.Copy(ptr, bytes, 0, len);
            return Encoding.UTF8.GetString(bytes);
        }

        internal static FrayException Failure(FrayResult code)
        {
            string detail = Library.LastError();
            string rule = Library.LastErrorRule();
            string text = Library.ErrorMessage(code);
            return new FrayException(code,
                string.IsNullOrEmpty(detail) ? text : text + ": " + detail, rule);
        }

        /// <summary>An int argument as the uint the C ABI takes; negatives throw.</summary>
        internal static uint Unsigned(int value, string name)
        {
            if (value < 0) throw new ArgumentOutOfRangeException(name, value, "must not be negative");
            return (uint)value;
        }

        internal static void Check(FrayResult code)
        {
            if (code != FrayResult.Ok) throw Failure(code);
        }

#pragma warning disable 1591
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr fray_version();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr fray_error_message(int code);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_last_error(out FrayStringHandle text);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_string_free(IntPtr text);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_last_error_rule(out FrayStringHandle rule);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint fray_set_panic_output(uint enabled);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rng_new(ulong seed, ulong stream, out RngHandle rng);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rng_free(IntPtr rng);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rng_roll(RngHandle rng, uint sides, out uint value);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rng_k_die(RngHandle rng, out uint value);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rng_fill(RngHandle rng, uint sides,
            ref uint values, UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_roll(RngHandle rng, byte[] expression,
            UIntPtr len, out long total);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_roll_json(RngHandle rng, byte[] expression,
            UIntPtr len, out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_roll_batch(RngHandle rng, byte[] expression,
            UIntPtr len, ref long totals, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_odds_json(byte[] expression, UIntPtr len,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_odds_depth_json(byte[] expression, UIntPtr len,
            uint depth, out FrayStringHandle json);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_rulesets_json(out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_ruleset_count(out UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_ruleset_id(UIntPtr index, out FrayStringHandle id);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_demo_seed(byte[] ruleset, UIntPtr len,
            out ulong seed);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_demo_setup_json(byte[] ruleset, UIntPtr len,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_ruleset_odds_json(byte[] ruleset, UIntPtr len,
            byte[] spec, UIntPtr specLen, out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_describe_events(byte[] ruleset, UIntPtr len,
            byte[] events, UIntPtr eventsLen, out FrayStringHandle text);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_simulate_json(byte[] ruleset, UIntPtr len,
            byte[] setup, UIntPtr setupLen, ulong trials, ulong seed, uint threads,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_setup_check_json(byte[] ruleset, UIntPtr len,
            byte[] setup, UIntPtr setupLen, out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_replay_verify(byte[] replay, UIntPtr len,
            out FrayStringHandle report);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_new(byte[] ruleset, UIntPtr len,
            byte[] setup, UIntPtr setupLen, ulong seed, ulong stream,
            out EncounterHandle encounter);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_free(IntPtr encounter);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_apply(EncounterHandle encounter,
            byte[] command, UIntPtr len, out FrayStringHandle events);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_suggest(EncounterHandle encounter,
            out FrayStringHandle command);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_state_json(EncounterHandle encounter,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_events_json(EncounterHandle encounter,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_replay_json(EncounterHandle encounter,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_ruleset(EncounterHandle encounter,
            out FrayStringHandle id);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_set_language(EncounterHandle encounter,
            byte[] lang, UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_options(EncounterHandle encounter,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_preview(EncounterHandle encounter,
            byte[] command, UIntPtr len, out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_lines(EncounterHandle encounter,
            byte[] lang, UIntPtr len, byte[] viewer, UIntPtr viewerLen,
            out FrayStringHandle json);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_encounter_standing(EncounterHandle encounter,
            byte[] lang, UIntPtr len, out FrayStringHandle json, out FrayStringHandle lines);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_andromeda_default_spec(out AndromedaCheckSpec spec);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_andromeda_check(RngHandle rng,
            ref AndromedaCheckSpec spec, out AndromedaCheckResult result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_andromeda_check_batch(ref AndromedaCheckSpec spec,
            ulong seed, ulong firstStream, ref AndromedaCheckResult results, UIntPtr count);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_red_check(RngHandle rng, ref RedCheckSpec spec,
            out RedCheckResult result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_red_check_batch(ref RedCheckSpec spec, ulong seed,
            ulong firstStream, ref RedCheckResult results, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_age_test(RngHandle rng, ref AgeTestSpec spec,
            out AgeTestResult result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_age_test_batch(ref AgeTestSpec spec, ulong seed,
            ulong firstStream, ref AgeTestResult results, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_better_world_check(RngHandle rng,
            ref BetterWorldCheckSpec spec, out BetterWorldCheckResult result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_better_world_check_batch(
            ref BetterWorldCheckSpec spec, ulong seed, ulong firstStream,
            ref BetterWorldCheckResult results, UIntPtr count);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_hunt_stat_test(RngHandle rng, uint stat,
            uint testDice, out HuntTestResult result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern FrayResult fray_hunt_stat_test_batch(uint stat, uint testDice,
            ulong seed, ulong firstStream, ref HuntTestResult results, UIntPtr count);
#pragma warning restore 1591
    }
}
