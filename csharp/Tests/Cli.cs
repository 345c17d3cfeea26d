// The kinema command as the reference the binding is compared with: runs it (KINEMA_CLI) and reads numbers out
// of its JSON. The JSON is kinema's own (one key per field, numbers in shortest round-trip form), so a key's
// first match after a section's name is that field; double.Parse reads each number back to the same double.
using System;
using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace Kinema.Tests
{
    internal static class Cli
    {
        private const string NumberPattern = @"(-?[0-9][0-9.eE+\-]*)";

        // Standard output of `kinema ARGUMENTS`, which must exit 0; ignores the test when KINEMA_CLI is not set.
        internal static string Run(string arguments)
        {
            string cli = Environment.GetEnvironmentVariable("KINEMA_CLI");
            if (string.IsNullOrEmpty(cli))
            {
                Assert.Ignore("KINEMA_CLI is not set: the kinema command is needed to compare with");
            }
            var info = new ProcessStartInfo(cli, arguments) { UseShellExecute = false, RedirectStandardOutput = true };
            using (Process process = Process.Start(info))
            {
                string output = process.StandardOutput.ReadToEnd();
                process.WaitForExit();
                Assert.AreEqual(0, process.ExitCode, "kinema " + arguments);
                return output;
            }
        }

        // A number as the command line takes it, whatever the machine's culture.
        internal static string Text(double number)
        {
            return number.ToString("R", CultureInfo.InvariantCulture);
        }

        // The text after "section": (the whole text for null), where a nested object's fields are read.
        internal static string Section(string json, string section)
        {
            int at = json.IndexOf("\"" + section + "\":", StringComparison.Ordinal);
            Assert.GreaterOrEqual(at, 0, "no \"" + section + "\" in " + json);
            return json.Substring(at);
        }

        internal static double Number(string json, string key)
        {
            return Parse(Match(json, key, NumberPattern).Groups[1].Value);
        }

        internal static bool Bool(string json, string key)
        {
            return Match(json, key, "(true|false)").Groups[1].Value == "true";
        }

        // A JSON array of numbers, such as "position": [x, y].
        internal static double[] Numbers(string json, string key)
        {
            string body = Match(json, key, @"\[([^\]]*)\]").Groups[1].Value;
            string[] items = body.Split(',');
            var numbers = new double[items.Length];
            for (int i = 0; i < items.Length; ++i)
            {
                numbers[i] = Parse(items[i].Trim());
            }
            return numbers;
        }

        // The rows of `kinema simulate --json`: row i (frame i) as position x, y and velocity x, y.
        internal static double[][] SimulatedFrames(string json)
        {
            const string rowPattern = "\\{\"frame\":([0-9]+),\"time\":[^,]+,\"position\":\\[" + NumberPattern + "," +
                               NumberPattern + "\\],\"velocity\":\\[" + NumberPattern + "," + NumberPattern + "\\]";
            MatchCollection rows = Regex.Matches(json, rowPattern);
            var frames = new double[rows.Count][];
            for (int i = 0; i < rows.Count; ++i)
            {
                Assert.AreEqual(i.ToString(CultureInfo.InvariantCulture), rows[i].Groups[1].Value);
                frames[i] = new[] { Parse(rows[i].Groups[2].Value), Parse(rows[i].Groups[3].Value),
                                    Parse(rows[i].Groups[4].Value), Parse(rows[i].Groups[5].Value) };
            }
            return frames;
        }

        private static Match Match(string json, string key, string valuePattern)
        {
            Match match = Regex.Match(json, "\"" + Regex.Escape(key) + "\"\\s*:\\s*" + valuePattern);
            Assert.IsTrue(match.Success, "no \"" + key + "\" in " + json);
            return match;
        }

        private static double Parse(string number)
        {
            return double.Parse(number, NumberStyles.Float, CultureInfo.InvariantCulture);
        }
    }
}
