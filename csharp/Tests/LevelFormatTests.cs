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
    }
}
