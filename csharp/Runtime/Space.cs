using System;

namespace Kinema
{
    /// <summary>
    /// kinema_space: the cells a chase floods, from a grid, a triangle mesh or an engine's navmesh polygons in
    /// memory, or any level file the kinema command reads.
    /// Dispose it when done; a Flood started on it keeps it alive until the flood is disposed or started elsewhere.
    /// </summary>
    public sealed class Space : IDisposable
    {
        internal readonly SpaceHandle Handle;

        private Space(SpaceHandle handle)
        {
            Handle = handle;
        }

        /// <summary>
        /// A grid level: `tiles` holds width x height bytes, row-major (row 0 first), non-zero = floor; width and
        /// height in [1, 4096]; connectivity 4 or 8 (8: diagonal moves, never cutting a wall's corner).
        /// </summary>
        public static Space FromGrid(int width, int height, byte[] tiles, int connectivity)
        {
            Kinema.CheckLibrary();
            // The C library cannot see an array's length: a short one is caught here, in its words.
            long needed = (long)width * height;
            if (tiles != null && width > 0 && height > 0 && tiles.LongLength < needed)
            {
                throw new KinemaException(Status.Argument, "kinema_space_from_grid: tiles holds " + tiles.LongLength +
                                                               " bytes, width x height needs " + needed);
            }
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_from_grid(width, height, tiles, connectivity, out handle));
            return new Space(handle);
        }

        /// <summary>
        /// A triangle mesh (xyz: 3 floats per vertex, y up; triangles: 3 vertex indices each, any winding), built
        /// exactly as `kinema chase --map LEVEL.obj` builds the same triangles, with NavSettings.Default. Unity:
        /// the vertices and indices of NavMesh.CalculateTriangulation (docs/engines.md, "Your navmesh in").
        /// </summary>
        public static Space FromMesh(float[] xyz, int[] triangles)
        {
            return FromMesh(xyz, triangles, NavSettings.Default);
        }

        /// <summary>FromMesh with the given build settings.</summary>
        public static Space FromMesh(float[] xyz, int[] triangles, NavSettings settings)
        {
            Kinema.CheckLibrary();
            int vertexCount = Count(xyz, 3, "kinema_space_from_mesh", "xyz");
            int triangleCount = Count(triangles, 3, "kinema_space_from_mesh", "triangles");
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_from_mesh(xyz, vertexCount, triangles, triangleCount,
                                                                      ref settings, out handle));
            return new Space(handle);
        }

        /// <summary>
        /// An engine's own navmesh, its convex polygons made the chase's cells without voxelising them again:
        /// polygon p has polygonSizes[p] corners (3 to 6, either winding) whose vertex indices follow polygon
        /// p - 1's in polygonIndices; polygons sharing an edge are neighbours. Godot: NavigationMesh.get_vertices
        /// and get_polygon; Unity: NavMesh.CalculateTriangulation's triangles, each a polygon of 3.
        /// </summary>
        public static Space FromPolygons(float[] xyz, int[] polygonIndices, int[] polygonSizes)
        {
            return FromPolygons(xyz, polygonIndices, polygonSizes, NavSettings.Default);
        }

        /// <summary>
        /// FromPolygons with the given settings (the agent's height, radius and climb, ChaseCellSize, CellHeight,
        /// MaxChaseColumns and SnapExtents apply).
        /// </summary>
        public static Space FromPolygons(float[] xyz, int[] polygonIndices, int[] polygonSizes, NavSettings settings)
        {
            Kinema.CheckLibrary();
            const string function = "kinema_space_from_polygons";
            int vertexCount = Count(xyz, 3, function, "xyz");
            int polygonCount = polygonSizes == null ? 0 : polygonSizes.Length;
            // The C library reads sum(polygonSizes) indices: a short array is caught here, in its words.
            long corners = 0;
            if (polygonSizes != null)
            {
                foreach (int size in polygonSizes)
                {
                    corners += Math.Max(size, 0);
                }
            }
            if (polygonIndices != null && polygonIndices.LongLength < corners)
            {
                throw new KinemaException(Status.Argument, function + ": polygon_indices holds " +
                                                               polygonIndices.LongLength +
                                                               " indices, polygon_sizes adds up to " + corners);
            }
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_from_polygons(xyz, vertexCount, polygonIndices,
                                                                          polygonSizes, polygonCount, ref settings,
                                                                          out handle));
            return new Space(handle);
        }

        // How many groups of `group` values `array` holds (0 for null: the C library names the null array); an
        // array that is not whole groups is refused here, since the C library cannot see its length.
        private static int Count(Array array, int group, string function, string name)
        {
            if (array == null)
            {
                return 0;
            }
            if (array.Length % group != 0)
            {
                throw new KinemaException(Status.Argument, function + ": " + name + " holds " + array.Length +
                                                               " values, not a multiple of " + group);
            }
            return array.Length / group;
        }

        /// <summary>
        /// Any level file the kinema command reads, by its extension (docs/levels.md "Which loader reads a file"): a
        /// Moving AI map (.map), an ASCII level (.txt), where the library was built with its formats part a
        /// designer's level (Tiled .tmx/.tmj, LDtk .ldtk, a collision image .png/.bmp) and, with its navmesh part,
        /// a triangle mesh (.obj; with Assimp also .gltf, .glb, .fbx, .dae, ...) or a navmesh (.nav).
        /// </summary>
        public static Space Load(string path)
        {
            Kinema.CheckLibrary();
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_load(Utf8.ToNative(path, "kinema_space_load", "path"), out handle));
            return new Space(handle);
        }

        /// <summary>
        /// Load with the options of `kinema chase --level NAME --walls NAME`: `level` picks a level of a file
        /// holding several (an LDtk level's identifier; null = the first), `walls` adds what marks walls (a Tiled
        /// tile layer's name, an LDtk IntGrid value's identifier, an image's wall colour "#rrggbb"; null = only
        /// the format's conventions). An option the file's format does not read is refused (Status.Argument,
        /// "kinema_space_load_options: level: has no effect on corner.txt: ...").
        /// </summary>
        public static Space Load(string path, string level, string walls)
        {
            Kinema.CheckLibrary();
            const string function = "kinema_space_load_options";
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_load_options(
                Utf8.ToNative(path, function, "path"), Utf8.ToNative(level, function, "level"),
                Utf8.ToNative(walls, function, "walls"), out handle));
            return new Space(handle);
        }

        /// <summary>
        /// Dead reckoning from `position` along `direction` (only the planar part counts; zero = stay) for
        /// `distance` world units, [0, 1e9]: where a guard that runs straight on until a wall ends. `kinema chase`
        /// runs it for MaxSteps cell sizes (40 tiles with the defaults). Allocates nothing.
        /// </summary>
        public DeadReckoningResult DeadReckoning(Vec3 position, Vec3 direction, double distance)
        {
            DeadReckoningResult result;
            KinemaException.Check(NativeMethods.kinema_dead_reckoning(Handle, position, direction, distance,
                                                                      out result));
            return result;
        }

        /// <summary>How many cells the space has (floor tiles on grids).</summary>
        public long CellCount
        {
            get
            {
                long cells;
                KinemaException.Check(NativeMethods.kinema_space_cell_count(Handle, out cells));
                return cells;
            }
        }

        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
