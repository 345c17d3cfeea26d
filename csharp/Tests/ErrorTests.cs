// Every failure is a KinemaException carrying the C status and the C library's own message (kinema_last_error,
// the text the kinema command prints after "kinema: error: "); disposing is idempotent; a space outlives the
// floods started on it; the per-frame calls allocate nothing.
using System;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class ErrorTests
    {
        private static readonly byte[] Square = { 1, 1, 0, 1 };

        private static void AssertFails(Status status, string message, TestDelegate call)
        {
            var error = Assert.Throws<KinemaException>(call);
            Assert.AreEqual(status, error.Status);
            Assert.AreEqual(message, error.Message);
        }

        [Test]
        public void NullTiles()
        {
            AssertFails(Status.Argument, "kinema_space_from_grid: tiles is NULL", () => Space.FromGrid(2, 2, null, 8));
        }

        [Test]
        public void TooFewTilesAreCaughtBeforeTheCLibraryReadsPastThem()
        {
            AssertFails(Status.Argument, "kinema_space_from_grid: tiles holds 4 bytes, width x height needs 6",
                        () => Space.FromGrid(3, 2, Square, 8));
        }

        [Test]
        public void BadConnectivityAndSize()
        {
            AssertFails(Status.Argument, "kinema_space_from_grid: connectivity must be 4 or 8, got 6",
                        () => Space.FromGrid(2, 2, Square, 6));
            AssertFails(Status.Argument, "kinema_space_from_grid: width and height must be in [1, 4096], got -2 x 2",
                        () => Space.FromGrid(-2, 2, Square, 8));
        }

        [Test]
        public void MissingFileAndNullPath()
        {
            AssertFails(Status.Input, "no/such/level.map:0: cannot open file: No such file or directory",
                        () => Space.Load("no/such/level.map"));
            AssertFails(Status.Argument, "kinema_space_load: path is NULL", () => Space.Load(null));
        }

        [Test]
        public void BadSettings()
        {
            FloodSettings settings = FloodSettings.Default;
            settings.MaxSteps = -1;
            AssertFails(Status.Argument, "invalid flood settings: max_steps must be in [0, 1000000], got -1",
                        () => new Flood(settings));
            FloodSettings cold = FloodSettings.Default;
            cold.Hot = 0;
            cold.MaxHeated = 0;
            AssertFails(Status.Argument,
                        "invalid flood settings: hot must be in [1, 1000000], got 0; max_heated must be in [1, 2147483647], got 0",
                        () => new Flood(cold));
            // C ABI 6: a struct not made by its _default() function is refused before its fields are read.
            AssertFails(Status.Argument,
                        "kinema_flood_settings: not made by kinema_flood_settings_default() (internal_check is 0)",
                        () => new Flood(new FloodSettings()));
        }

        [Test]
        public void CallsOutOfOrderAndBadArguments()
        {
            using (Space space = Space.FromGrid(2, 2, Square, 8))
            using (var flood = new Flood(FloodSettings.Default))
            {
                var result = Assert.Throws<KinemaException>(() => { FloodResult r = flood.Result; });
                Assert.AreEqual(Status.State, result.Status);
                StringAssert.Contains("kinema_flood_start", result.Message);
                Assert.AreEqual(Status.State, Assert.Throws<KinemaException>(() => flood.Advance(1)).Status);

                var nan = Assert.Throws<KinemaException>(
                    () => flood.Start(space, new Vec3(double.NaN, 0.5, 0), new Vec3(1, 0, 0)));
                Assert.AreEqual(Status.Argument, nan.Status);
                StringAssert.Contains("position", nan.Message);
                AssertFails(Status.Argument, "kinema_flood_start: space is NULL",
                            () => flood.Start(null, new Vec3(0.5, 0.5, 0), new Vec3(1, 0, 0)));

                flood.Start(space, new Vec3(0.5, 0.5, 0), new Vec3(1, 0, 0));
                var negative = Assert.Throws<KinemaException>(() => flood.Advance(-1));
                Assert.AreEqual(Status.Argument, negative.Status);
                StringAssert.Contains("max_steps", negative.Message);
            }
        }

        [Test]
        public void DisposeTwiceIsHarmlessAndUseAfterDisposeThrows()
        {
            Space space = Space.FromGrid(2, 2, Square, 8);
            var flood = new Flood(FloodSettings.Default);
            flood.Start(space, new Vec3(0.5, 0.5, 0), new Vec3(1, 0, 0));
            flood.Dispose();
            flood.Dispose();
            space.Dispose();
            space.Dispose();
            Assert.Throws<ObjectDisposedException>(() => flood.Advance(1));
            Assert.Throws<ObjectDisposedException>(() => { long cells = space.CellCount; });
            using (var other = new Flood(FloodSettings.Default))
            {
                Assert.Throws<ObjectDisposedException>(() => other.Start(space, new Vec3(0.5, 0.5, 0), new Vec3()));
            }
        }

        // kinema.h: a flood points into the space it was started on. Disposing the space first must not free it
        // under the flood: the binding holds it until the flood is done with it.
        [Test]
        public void ASpaceDisposedUnderItsFloodLivesUntilTheFloodIsDone()
        {
            var flood = new Flood(FloodSettings.Default);
            using (Space space = Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8))
            {
                flood.Start(space, new Vec3(2.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0));
            }
            Assert.IsTrue(flood.Advance(100));
            Assert.AreEqual(new Vec3(4.5, 0.5, 0.0), flood.Result.Destination);
            StringAssert.StartsWith("{\"map\":\"grid\"", flood.ToJson());
            flood.Dispose();
        }

        [Test]
        public void AFailedStartKeepsThePreviousSpace()
        {
            using (var flood = new Flood(FloodSettings.Default))
            {
                using (Space space = Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8))
                using (Space other = Space.FromGrid(2, 2, Square, 8))
                {
                    flood.Start(space, new Vec3(2.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                    Assert.Throws<KinemaException>(() => flood.Start(other, new Vec3(double.NaN, 0, 0), new Vec3()));
                }
                Assert.IsTrue(flood.Advance(100));
                Assert.AreEqual(4, flood.Result.Steps);
            }
        }

        // The chapter's "fixed number of propagation steps per frame": a game calls Advance and Result every
        // frame, so neither may give the garbage collector work.
        [Test]
        public void AdvanceAndResultAllocateNothing()
        {
            var rows = new byte[64 * 64];
            for (int i = 0; i < rows.Length; ++i)
            {
                rows[i] = 1;
            }
            FloodSettings settings = FloodSettings.Default;
            settings.MaxSteps = 1000000;
            settings.MaxHeated = int.MaxValue;
            using (Space space = Space.FromGrid(64, 64, rows, 8))
            using (var flood = new Flood(settings))
            {
                flood.Start(space, new Vec3(32.5, 32.5, 0), new Vec3(1, 0, 0));
                flood.Advance(0);
                FloodResult warmUp = flood.Result;
                const int frames = 100000;
                long before = Allocations.Bytes();
                long nothing = Allocations.Bytes() - before; // what measuring itself costs
                int collections = GC.CollectionCount(0);
                double sum = warmUp.Destination.X;
                before = Allocations.Bytes();
                for (int frame = 0; frame < frames; ++frame)
                {
                    flood.Advance(frame % 2);
                    sum += flood.Result.Destination.X;
                }
                long allocated = Allocations.Bytes() - before - nothing;
                Assert.AreEqual(collections, GC.CollectionCount(0), "a collection ran during the frames");
                Assert.AreEqual(0L, allocated, frames + " frames allocated " + allocated + " bytes");
                Assert.Greater(sum, 0.0);
            }
        }
    }
}
