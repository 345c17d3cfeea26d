using System;
using System.Collections.Generic;
using System.IO;
using NUnit.Framework;

namespace Kinema.Tests
{
    internal static class TestPaths
    {
        // kinema's data/ (KINEMA_DATA_DIR, else found upward from the working directory).
        internal static string Data(string relative)
        {
            string root = Environment.GetEnvironmentVariable("KINEMA_DATA_DIR");
            if (string.IsNullOrEmpty(root))
            {
                root = FindUpward("data");
            }
            string path = Path.Combine(root, relative);
            if (!File.Exists(path))
            {
                Assert.Ignore("kinema's level " + path + " not found (set KINEMA_DATA_DIR to kinema's data/)");
            }
            return path;
        }

        // The shared real-game levels (KINEMA_SHARED_DATA_DIR, else ../shared/data beside the checkout).
        internal static string Shared(string relative)
        {
            string root = Environment.GetEnvironmentVariable("KINEMA_SHARED_DATA_DIR");
            if (string.IsNullOrEmpty(root))
            {
                root = Path.Combine(Path.Combine(Path.GetDirectoryName(FindUpward("data")), ".."),
                                    Path.Combine("shared", "data"));
            }
            return Path.Combine(root, relative);
        }

        // An ASCII level's tiles as an engine holds them ('#' wall, every other tile floor; ';' lines and the
        // "name:" header skipped), enough for kinema's own levels.
        internal static byte[] AsciiTiles(string path, out int width, out int height)
        {
            var rows = new List<string>();
            foreach (string line in File.ReadAllLines(path))
            {
                if (line.Length > 0 && !line.StartsWith(";") && !line.StartsWith("name:"))
                {
                    rows.Add(line);
                }
            }
            width = rows[0].Length;
            height = rows.Count;
            var tiles = new byte[width * height];
            for (int row = 0; row < height; ++row)
            {
                for (int column = 0; column < width; ++column)
                {
                    tiles[row * width + column] = rows[row][column] == '#' ? (byte)0 : (byte)1;
                }
            }
            return tiles;
        }

        private static string FindUpward(string name)
        {
            for (string dir = Directory.GetCurrentDirectory(); dir != null; dir = Path.GetDirectoryName(dir))
            {
                string candidate = Path.Combine(dir, name);
                if (Directory.Exists(Path.Combine(candidate, "levels")))
                {
                    return candidate;
                }
            }
            return name;
        }
    }
}
