// Space.Load reads every level format the C library reads (issue 41: designers' levels), and its overload takes
// the level and walls options of `kinema chase --level NAME --walls NAME`, refused where the format ignores them.
using System;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class LevelFormatTests
    {
        [Test]
        public void LoadWithoutOptionsIsLoad()
        {
            string corner = TestPaths.Data("levels/corner.txt");
            using (Space plain = Space.Load(corner))
            using (Space options = Space.Load(corner, null, null))
            using (Space empty = Space.Load(corner, "", ""))
            {
                Assert.AreEqual(plain.CellCount, options.CellCount);
                Assert.AreEqual(plain.CellCount, empty.CellCount);
            }
        }

        [Test]
        public void AnOptionTheFormatIgnoresIsRefused()
        {
            string corner = TestPaths.Data("levels/corner.txt");
            var level = Assert.Throws<KinemaException>(() => Space.Load(corner, "Level_1", null));
            Assert.AreEqual(Status.Argument, level.Status);
            StringAssert.StartsWith("kinema_space_load_options: level: has no effect on " + corner +
                                        ": the kinema ASCII level format holds one level (",
                                    level.Message);
            var walls = Assert.Throws<KinemaException>(() => Space.Load(corner, null, "lava"));
            StringAssert.StartsWith("kinema_space_load_options: walls: has no effect on " + corner +
                                        ": the kinema ASCII level format marks its own walls (",
                                    walls.Message);
            var nul = Assert.Throws<KinemaException>(() => Space.Load(corner, "Level\0_1", null));
            Assert.AreEqual("kinema_space_load_options: level contains a NUL character (at index 5)", nul.Message);
            var missing = Assert.Throws<KinemaException>(() => Space.Load(null, null, null));
            Assert.AreEqual("kinema_space_load_options: path is NULL", missing.Message);
        }
    
        // The chase JSON of `space` from `from` along `direction`, the map named "LEVEL".
        private static string ChaseJson(Space space, Vec3 from, Vec3 direction)
        {
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, from, direction);
                while (!flood.Advance(1000))
                {
                }
                return flood.ToJson("LEVEL");
            }
        }

        // Each designer's format in data/levels floods as its ASCII original (a file not yet in data/ is ignored
        // by name, TestPaths.Data).
        [TestCase("levels/tiled/corner.tmx")]
        [TestCase("levels/tiled/corner.tmj")]
        [TestCase("levels/ldtk/corner.ldtk")]
        [TestCase("levels/images/corner.png")]
        public void ADesignersLevelFloodsAsItsOriginal(string twin)
        {
            var from = new Vec3(3.5, 2.5, 0.0);
            var east = new Vec3(1.0, 0.0, 0.0);
            using (Space designed = Space.Load(TestPaths.Data(twin)))
            using (Space original = Space.Load(TestPaths.Data("levels/corner.txt")))
            {
                Assert.AreEqual(original.CellCount, designed.CellCount);
                Assert.AreEqual(ChaseJson(original, from, east), ChaseJson(designed, from, east));
            }
        }

        [Test]
        public void TheLevelOptionPicksAProjectsLevel()
        {
            string project = TestPaths.Data("levels/ldtk/all_levels.ldtk");
            var from = new Vec3(16.5, 8.5, 0.0);
            var north = new Vec3(0.0, -1.0, 0.0);
            using (Space picked = Space.Load(project, "t_junction_unequal", null))
            using (Space original = Space.Load(TestPaths.Data("levels/t_junction_unequal.txt")))
            {
                Assert.AreEqual(ChaseJson(original, from, north), ChaseJson(picked, from, north));
            }
            var unknown = Assert.Throws<KinemaException>(() => Space.Load(project, "no_such_level", null));
            Assert.AreEqual(Status.Input, unknown.Status);
            StringAssert.Contains("no_such_level", unknown.Message);
        }

        [Test]
        public void AGltfSceneFloodsAsTheObj()
        {
            string gltf = TestPaths.Data("levels/corner_ramp.gltf");
            Space scene;
            try
            {
                scene = Space.Load(gltf);
            }
            catch (KinemaException e) when (e.Message.Contains("format not supported"))
            {
                // A build without Assimp reads no glTF.
                Assert.Ignore("this library reads no glTF: " + e.Message);
                return;
            }
            var from = new Vec3(1.0, 0.0, 2.0);
            var east = new Vec3(1.0, 0.0, 0.0);
            using (scene)
            using (Space obj = Space.Load(TestPaths.Data("levels/corner_ramp.obj")))
            {
                Assert.AreEqual(227, scene.CellCount);
                Assert.AreEqual(ChaseJson(obj, from, east), ChaseJson(scene, from, east));
            }
        }
    }
}
