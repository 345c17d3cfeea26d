using System;

namespace Kinema
{
    /// <summary>
    /// kinema_space: the cells a chase floods, from a grid in memory or any level file the kinema command reads.
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
        /// Any level file the kinema command reads: a Moving AI map (.map), an ASCII level (.txt), and, when the
        /// library was built with its navmesh part, a triangle mesh (.obj) or a navmesh (.nav).
        /// </summary>
        public static Space Load(string path)
        {
            Kinema.CheckLibrary();
            SpaceHandle handle;
            KinemaException.Check(NativeMethods.kinema_space_load(Utf8.ToNative(path), out handle));
            return new Space(handle);
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
