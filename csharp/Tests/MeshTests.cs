// Spaces from an engine's meshes in memory: a triangle mesh read from one of kinema's OBJ levels equals the file
// loaded by the library (the same cells, the same chase), and an engine's polygons flood as the grid of the same
// floor (the numbers of c/tests/abi_test.cpp, worked out by hand there).
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class MeshTests
    {
        // The vertices and triangles of an OBJ file as an engine holds them: `v x y z` lines and `f a b c ...`
        // faces (1-based; a face of n corners is the fan of n - 2 triangles around its first, as kinema reads it).
        private static void ReadObj(string path, out float[] xyz, out int[] triangles)
        {
            var vertices = new List<float>();
            var indices = new List<int>();
            foreach (string line in File.ReadAllLines(path))
            {
                string[] parts = line.Split(new[] { ' ', '\t' }, System.StringSplitOptions.RemoveEmptyEntries);
                if (parts.Length >= 4 && parts[0] == "v")
                {
                    for (int k = 1; k <= 3; ++k)
                    {
                        vertices.Add(float.Parse(parts[k], CultureInfo.InvariantCulture));
                    }
                }
                else if (parts.Length >= 4 && parts[0] == "f")
                {
                    for (int k = 3; k < parts.Length; ++k)
                    {
                        indices.Add(int.Parse(parts[1].Split('/')[0], CultureInfo.InvariantCulture) - 1);
                        indices.Add(int.Parse(parts[k - 1].Split('/')[0], CultureInfo.InvariantCulture) - 1);
                        indices.Add(int.Parse(parts[k].Split('/')[0], CultureInfo.InvariantCulture) - 1);
                    }
                }
            }
            xyz = vertices.ToArray();
            triangles = indices.ToArray();
        }

        private static FloodResult Chase(Space space, Vec3 from, Vec3 direction)
        {
            using (var flood = new Flood(FloodSettings.Default))
            {
                flood.Start(space, from, direction);
                Assert.IsTrue(flood.Advance(1000));
                return flood.Result;
            }
        }

        [Test]
        public void AMeshFromMemoryIsTheObjFileLoaded()
        {
            string path = TestPaths.Data(Path.Combine("levels", "corner_ramp.obj"));
            float[] xyz;
            int[] triangles;
            ReadObj(path, out xyz, out triangles);
            Assert.AreEqual(8 * 3, triangles.Length, "four quads, two triangles each");
            using (Space loaded = Space.Load(path))
            using (Space memory = Space.FromMesh(xyz, triangles))
            {
                Assert.Greater(loaded.CellCount, 100L);
                Assert.AreEqual(loaded.CellCount, memory.CellCount);
                // Lost at the west end running east: the flood goes round the corner and up the ramp.
                var from = new Vec3(1.0, 0.0, 2.0);
                var east = new Vec3(1.0, 0.0, 0.0);
                FloodResult a = Chase(memory, from, east);
                FloodResult b = Chase(loaded, from, east);
                Assert.Greater(a.HeatedCells, 20L);
                Assert.AreEqual(b.Steps, a.Steps);
                Assert.AreEqual(b.HeatedCells, a.HeatedCells);
                Assert.AreEqual(b.BarrierCells, a.BarrierCells);
                Assert.AreEqual(b.DestinationCell, a.DestinationCell);
                Assert.AreEqual(b.Destination, a.Destination);
            }
            NavSettings coarse = NavSettings.Default;
            Assert.AreEqual(0.75, coarse.ChaseCellSize);
            coarse.ChaseCellSize = 1.5;
            using (Space memory = Space.FromMesh(xyz, triangles))
            using (Space coarser = Space.FromMesh(xyz, triangles, coarse))
            {
                Assert.Less(coarser.CellCount, memory.CellCount / 3, "cells of 1.5 m: a quarter as many columns");
            }
        }

        // Two 1.5 m squares (x 0..3, z 0..1.5) as Godot's NavigationMesh gives them: chase cells of 0.75 m put 4 x 2
        // cell centres on them, and from the west corner running east 8-connected heat reaches x = 1, 2, 3 in 3
        // steps, as on the 4 x 2 grid of tiles.
        [Test]
        public void PolygonsFloodAsTheGridOfTheSameFloor()
        {
            float[] xyz = { 0, 0, 0, 1.5f, 0, 0, 3, 0, 0, 0, 0, 1.5f, 1.5f, 0, 1.5f, 3, 0, 1.5f };
            int[] indices = { 0, 1, 4, 3, 1, 2, 5, 4 };
            int[] sizes = { 4, 4 };
            using (Space space = Space.FromPolygons(xyz, indices, sizes))
            using (Space grid = Space.FromGrid(4, 2, new byte[] { 1, 1, 1, 1, 1, 1, 1, 1 }, 8))
            {
                Assert.AreEqual(8L, space.CellCount);
                FloodResult r = Chase(space, new Vec3(0.375, 0.0, 0.375), new Vec3(1.0, 0.0, 0.0));
                FloodResult g = Chase(grid, new Vec3(0.5, 0.5, 0.0), new Vec3(1.0, 0.0, 0.0));
                Assert.AreEqual(3, r.Steps);
                Assert.AreEqual(8L, r.HeatedCells);
                Assert.AreEqual(g.BarrierCells, r.BarrierCells);
                Assert.AreEqual(g.StopReason, r.StopReason);
                Assert.AreEqual(new Vec3(0.75 * g.Destination.X, 0.0, 0.75 * g.Destination.Y), r.Destination);
            }
        }

        [Test]
        public void BadPolygonsAndArraysThrowNamingThem()
        {
            float[] xyz = { 0, 0, 0, 1.5f, 0, 0, 3, 0, 0, 0, 0, 1.5f, 1.5f, 0, 1.5f, 3, 0, 1.5f };
            var crossed = Assert.Throws<KinemaException>(
                () => Space.FromPolygons(xyz, new[] { 0, 1, 4, 3, 1, 2, 4, 5 }, new[] { 4, 4 }));
            Assert.AreEqual(Status.Input, crossed.Status);
            // A bow tie (the second square's corners 5 and 4 swapped): its two halves' areas cancel.
            Assert.AreEqual("kinema_space_from_polygons: polygon 1 has no area in plan view (x and z; y is up)",
                            crossed.Message);
            var shortIndices = Assert.Throws<KinemaException>(
                () => Space.FromPolygons(xyz, new[] { 0, 1, 4, 3 }, new[] { 4, 4 }));
            Assert.AreEqual("kinema_space_from_polygons: polygon_indices holds 4 indices, polygon_sizes adds up to 8",
                            shortIndices.Message);
            var nullXyz = Assert.Throws<KinemaException>(() => Space.FromMesh(null, new[] { 0, 1, 2 }));
            Assert.AreEqual(Status.Argument, nullXyz.Status);
            Assert.AreEqual("kinema_space_from_mesh: xyz is NULL", nullXyz.Message);
            var ragged = Assert.Throws<KinemaException>(() => Space.FromMesh(xyz, new[] { 0, 1 }));
            Assert.AreEqual("kinema_space_from_mesh: triangles holds 2 values, not a multiple of 3", ragged.Message);
            var outOfRange = Assert.Throws<KinemaException>(() => Space.FromMesh(xyz, new[] { 0, 1, 6 }));
            Assert.AreEqual("kinema_space_from_mesh: triangles[2] = 6 is not a vertex index: vertex_count is 6 " +
                            "(triangle 0)", outOfRange.Message);
        }
    }
}
