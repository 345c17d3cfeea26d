// The C# binding against numbers worked out by hand (the corridor of c/tests/c99_test.c) and against the kinema
// command itself (the chase JSON, byte for byte). Environment: KINEMA_CLI (the kinema command),
// KINEMA_DATA_DIR (kinema's data/), KINEMA_SHARED_DATA_DIR (the shared maps); tests that need one say so when
// it is absent.
using System;
using System.Diagnostics;
using System.IO;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class FloodTests
    {
        // Couvidou's chapter's flood on a 7-tile corridor seeded at column 2 running east: cells 0 and 1 behind
        // become barrier, one cell heats per step until the east end: 4 steps, exhausted, heat 16..20 on
        // columns 2..6, centroid x = (2.5*16 + 3.5*17 + 4.5*18 + 5.5*19 + 6.5*20) / 90 = 415 / 90, destination
        // the centre of column 4.
        [Test]
        public void CorridorChaseMatchesTheHandWorkedNumbers()
        {
            using (Space space = Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8))
            using (var flood = new Flood(FloodSettings.Default))
            {
                Assert.AreEqual(7L, space.CellCount);
                flood.Start(space, new Vec3(2.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0));

                Assert.IsFalse(flood.Advance(2), "time-sliced: two steps, not finished");
                FloodResult partial = flood.Result;
                Assert.AreEqual(2, partial.Steps);
                Assert.IsFalse(partial.Finished);

                Assert.IsTrue(flood.Advance(100));
                FloodResult result = flood.Result;
                Assert.AreEqual(4, result.Steps);
                Assert.AreEqual(StopReason.Exhausted, result.StopReason);
                Assert.IsTrue(result.Finished);
                Assert.AreEqual(5L, result.HeatedCells);
                Assert.AreEqual(5L, result.WarmCells);
                Assert.AreEqual(2L, result.BarrierCells);
                Assert.AreEqual(2L, result.SeedCell);
                Assert.AreEqual(4L, result.DestinationCell);
                Assert.IsFalse(result.SeedSnapped);
                Assert.AreEqual(415.0 / 90.0, result.Centroid.X, 1e-12);
                Assert.AreEqual(0.5, result.Centroid.Y);
                Assert.AreEqual(new Vec3(4.5, 0.5, 0.0), result.Destination);
                Assert.AreEqual(new Vec3(2.5, 0.5, 0.0), result.SeedPosition);

                // Dead reckoning east for M_S = 40 tiles: the corridor ends at x = 7, blocked; the guard goes to
                // column 6's centre.
                DeadReckoningResult reckoning = space.DeadReckoning(new Vec3(2.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0), 40);
                Assert.AreEqual(new Vec3(6.5, 0.5, 0.0), reckoning.Position);
                Assert.AreEqual(new Vec3(7.0, 0.5, 0.0), reckoning.EndPoint);
                Assert.AreEqual(6L, reckoning.Cell);
                Assert.IsTrue(reckoning.Blocked);
                Assert.IsTrue(reckoning.OnSpace);
                Assert.AreEqual(40.0, reckoning.Distance);
                Assert.Throws<KinemaException>(() => space.DeadReckoning(new Vec3(2.5, 0.5, 0.0), new Vec3(), -1));
            }
        }

        // The dead reckoning of `kinema chase --json` on corner.txt: the same point, blockage and distance.
        [Test]
        public void DeadReckoningEqualsTheCli()
        {
            string map = TestPaths.Data("levels/corner.txt");
            string json = Cli.Run("chase --map \"" + map + "\" --from 12.5,2.5 --dir 1,0 --json");
            using (Space space = Space.Load(map))
            {
                DeadReckoningResult reckoning = space.DeadReckoning(new Vec3(12.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0),
                                                                    Cli.Number(json, "dead_reckoning_distance"));
                double[] point = Cli.Numbers(json, "dead_reckoning");
                Assert.AreEqual(new Vec3(point[0], point[1], 0.0), reckoning.Position);
                Assert.AreEqual(Cli.Bool(json, "dead_reckoning_blocked"), reckoning.Blocked);
                Assert.AreEqual(40.0, reckoning.Distance);
            }
        }

        [Test]
        public void DefaultSettingsAreTheChaptersDifficultyThree()
        {
            FloodSettings settings = FloodSettings.Default;
            Assert.AreEqual(20, settings.Hot);
            Assert.AreEqual(25, settings.MaxHeated);
            Assert.AreEqual(40, settings.MaxSteps);
            Assert.AreEqual(DestinationRule.NearestHeated, settings.Destination);
        }

        [Test]
        public void SettingsReachTheFlood()
        {
            FloodSettings settings = FloodSettings.Default;
            settings.MaxSteps = 1;
            using (Space space = Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8))
            using (var flood = new Flood(settings))
            {
                flood.Start(space, new Vec3(2.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                Assert.IsTrue(flood.Advance(100));
                Assert.AreEqual(1, flood.Result.Steps);
                Assert.AreEqual(StopReason.MaxSteps, flood.Result.StopReason);
            }
        }

        // M_H = 1 in an open 3 x 3 room seeded in the middle with no direction: the first step would heat the 8
        // neighbours, more than M_H, so the flood stops before it (the step is not counted) on the seed alone.
        [Test]
        public void TooManyNewlyHeatedCellsStopTheFloodBeforeTheStep()
        {
            FloodSettings settings = FloodSettings.Default;
            settings.MaxHeated = 1;
            using (Space space = Space.FromGrid(3, 3, new byte[] { 1, 1, 1, 1, 1, 1, 1, 1, 1 }, 8))
            using (var flood = new Flood(settings))
            {
                flood.Start(space, new Vec3(1.5, 1.5, 0.0), new Vec3());
                Assert.IsTrue(flood.Advance(10));
                FloodResult result = flood.Result;
                Assert.AreEqual(StopReason.TooManyHeated, result.StopReason);
                Assert.AreEqual(0, result.Steps);
                Assert.AreEqual(1L, result.HeatedCells);
                Assert.AreEqual(0L, result.BarrierCells);
                Assert.AreEqual(new Vec3(1.5, 1.5, 0.0), result.Destination);
            }
        }

        [Test]
        public void VersionIsTheLibrarysAndTheCApiIsTheBindings()
        {
            StringAssert.IsMatch(@"^\d+\.\d+\.\d+$", Kinema.Version);
            Assert.AreEqual(Kinema.BindingCApiVersion, Kinema.CApiVersion);
            Assert.AreEqual(6, Kinema.CApiVersion);  // kinema.h: KINEMA_C_API_VERSION
        }

        // docs/engines.md's example: corner.txt from (3.5, 2.5) running east, 4 steps per frame.
        [Test]
        public void CornerLevelFromItsFileFloodsTimeSliced()
        {
            using (Space space = Space.Load(TestPaths.Data("levels/corner.txt")))
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, new Vec3(3.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                int frames = 1;
                while (!flood.Advance(4))
                {
                    ++frames;
                }
                Assert.AreEqual(10, frames);
                Assert.AreEqual(40, flood.Result.Steps);
                Assert.AreEqual(StopReason.MaxSteps, flood.Result.StopReason);
                Assert.AreEqual(new Vec3(17.5, 24.5, 0.0), flood.Result.Destination);
            }
        }

        [Test]
        public void GridFromMemoryEqualsTheSameLevelFromItsFile()
        {
            string path = TestPaths.Data("levels/corner.txt");
            int width, height;
            byte[] tiles = TestPaths.AsciiTiles(path, out width, out height);
            using (Space memory = Space.FromGrid(width, height, tiles, 8))
            using (Space file = Space.Load(path))
            {
                Assert.AreEqual(file.CellCount, memory.CellCount);
                string fromMemory = ChaseJson(memory, new Vec3(3.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0), "corner");
                string fromFile = ChaseJson(file, new Vec3(3.5, 2.5, 0.0), new Vec3(1.0, 0.0, 0.0), "corner");
                Assert.AreEqual(fromFile, fromMemory);
                StringAssert.StartsWith("{\"map\":\"corner\"", fromMemory);
            }
        }

        [Test]
        public void ChaseJsonOnKinemasLevelEqualsTheCli()
        {
            AssertJsonEqualsCli(TestPaths.Data("levels/corner.txt"), "3.5", "2.5", "1", "0");
        }

        [Test]
        public void ChaseJsonOnAMovingAiMapEqualsTheCli()
        {
            string map = TestPaths.Shared("maps/den520d.map");
            if (!File.Exists(map))
            {
                Assert.Ignore("shared map " + map + " not found (set KINEMA_SHARED_DATA_DIR): not compared");
            }
            AssertJsonEqualsCli(map, "128.5", "180.5", "1", "-0.5");
        }

        [Test]
        public void JsonNamesTheSpacesOwnMapUnlessGivenOne()
        {
            using (Space space = Space.FromGrid(3, 1, new byte[] { 1, 1, 1 }, 4))
            {
                var seed = new Vec3(0.5, 0.5, 0);
                StringAssert.StartsWith("{\"map\":\"grid\"", ChaseJson(space, seed, new Vec3(), null));
                StringAssert.StartsWith("{\"map\":\"été\"", ChaseJson(space, seed, new Vec3(), "été"));
            }
        }

        private static string ChaseJson(Space space, Vec3 position, Vec3 direction, string map)
        {
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, position, direction);
                flood.Advance(int.MaxValue);
                return flood.ToJson(map);
            }
        }

        private static void AssertJsonEqualsCli(string map, string x, string y, string dx, string dy)
        {
            string cli = Environment.GetEnvironmentVariable("KINEMA_CLI");
            if (string.IsNullOrEmpty(cli))
            {
                Assert.Ignore("KINEMA_CLI is not set: the kinema command is needed to compare with");
            }
            var info = new ProcessStartInfo(cli, "chase --map \"" + map + "\" --from " + x + "," + y + " --dir " + dx +
                                                     "," + dy + " --json")
            {
                UseShellExecute = false,
                RedirectStandardOutput = true
            };
            string expected;
            using (Process process = Process.Start(info))
            {
                expected = process.StandardOutput.ReadToEnd();
                process.WaitForExit();
                Assert.AreEqual(0, process.ExitCode, "kinema chase exit code");
            }
            string actual;
            using (Space space = Space.Load(map))
            {
                var invariant = System.Globalization.CultureInfo.InvariantCulture;
                actual = ChaseJson(space, new Vec3(double.Parse(x, invariant), double.Parse(y, invariant), 0),
                                   new Vec3(double.Parse(dx, invariant), double.Parse(dy, invariant), 0), null);
            }
            Assert.Greater(actual.Length, 100);
            Assert.AreEqual(expected, actual + "\n");
        }
    }
}
