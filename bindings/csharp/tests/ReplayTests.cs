// The golden replay files (examples/replays, made by the root tests/replays.rs) through
// Fray.cs: every file listed in DIGESTS verifies with the listed events digest and counts;
// every file listed in TAMPERED throws FrayException(ReplayMismatch) naming the listed
// command. Run by scripts/test-native as `mono FrayTests.exe --replays REPLAYS_DIR`.
using System;
using System.IO;
using Fray;

internal static partial class FrayTests
{
    /// The text after "key": in compact JSON, up to the next ',' or '}', unquoted.
    private static string JsonField(string json, string key)
    {
        string pattern = "\"" + key + "\":";
        int at = json.IndexOf(pattern, StringComparison.Ordinal);
        if (at < 0) return null;
        at += pattern.Length;
        int end = json.IndexOfAny(new[] { ',', '}' }, at);
        return json.Substring(at, (end < 0 ? json.Length : end) - at).Trim('"');
    }

    private static void TestGoldenReplays(string dir)
    {
        int golden = 0;
        foreach (string line in File.ReadAllLines(Path.Combine(dir, "DIGESTS")))
        {
            // PATH DIGEST accepted=N refused=N
            string[] f = line.Split(' ');
            Check(f.Length == 4, "DIGESTS line: " + line);
            if (f.Length != 4) continue;
            string path = f[0];
            try
            {
                string report = Library.VerifyReplay(File.ReadAllText(Path.Combine(dir, path)));
                Check(JsonField(report, "events_digest") == f[1], path + ": events digest");
                Check("accepted=" + JsonField(report, "accepted") == f[2], path + ": " + f[2]);
                Check("refused=" + JsonField(report, "rejected") == f[3], path + ": " + f[3]);
            }
            catch (FrayException e)
            {
                Check(false, path + ": verifies (" + e.Code + ": " + e.Message + ")");
            }
            golden++;
        }
        int tampered = 0;
        foreach (string line in File.ReadAllLines(Path.Combine(dir, "TAMPERED")))
        {
            // PATH INDEX (0-based), or PATH start
            string[] f = line.Split(' ');
            Check(f.Length == 2, "TAMPERED line: " + line);
            if (f.Length != 2) continue;
            string named = f[1] == "start"
                ? "replay mismatch at the start:"
                : string.Format("replay mismatch at command #{0} (index {1}):",
                    int.Parse(f[1]) + 1, f[1]);
            string text = File.ReadAllText(Path.Combine(dir, f[0]));
            string message = Throws(FrayResult.ReplayMismatch, () => Library.VerifyReplay(text),
                f[0]);
            Check(message.Contains(named), f[0] + ": \"" + message + "\" names " + named);
            tampered++;
        }
        Check(golden > 0 && tampered > 0, "the manifests list files");
        Console.WriteLine("{0} golden replays, {1} tampered copies", golden, tampered);
    }
}
