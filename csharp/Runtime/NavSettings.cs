using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>
    /// kinema_nav_settings: how a 3D level is built (RecastDemo's agent and voxels, the chase cells; docs/nav.md).
    /// Lengths in the mesh's units (the defaults suit metres), y up. Start from NavSettings.Default and change
    /// fields; a zeroed struct is not valid. Ranges: `kinema chase --help`.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavSettings
    {
        /// <summary>Agent height, (0.002, 250000]; 3 to 250 cell heights; default 2.</summary>
        public double AgentHeight;
        /// <summary>Agent radius, [0, 250000]; at most 250 cells; default 0.6.</summary>
        public double AgentRadius;
        /// <summary>Highest step walked up, [0, 250000]; below 251 cell heights; default 0.9.</summary>
        public double AgentMaxClimb;
        /// <summary>Steepest walkable triangle, degrees, [0, 90); default 45.</summary>
        public double AgentMaxSlope;
        /// <summary>Navmesh voxel width on x and z, [0.001, 1000]; default 0.3.</summary>
        public double CellSize;
        /// <summary>Voxel height on y (navmesh and chase cells), [0.001, 1000]; default 0.2.</summary>
        public double CellHeight;
        /// <summary>Width of the chase flood's cells, [0.001, 1000]; default 0.75.</summary>
        public double ChaseCellSize;
        /// <summary>Most chase columns over the level's bounds, [1, 2^28].</summary>
        public double MaxChaseColumns;
        /// <summary>Most navmesh voxels of a build, [1, 2^28].</summary>
        public double MaxVoxels;
        /// <summary>Navmesh tile side in voxels: 0 one tile, else an integer in [16, 4096].</summary>
        public double TileSize;
        /// <summary>Threads building tiles, an integer in [1, 64]; the same navmesh for any count.</summary>
        public double Threads;
        /// <summary>Smallest isolated region kept, cells per side, [0, 1000]; default 8.</summary>
        public double RegionMinSize;
        /// <summary>Regions smaller than size^2 cells merge, [0, 1000]; default 20.</summary>
        public double RegionMergeSize;
        /// <summary>Longest polygon edge, [0, 1e6], 0 = no limit; default 12.</summary>
        public double EdgeMaxLength;
        /// <summary>Contour simplification error, cell sizes, [0, 1e6]; default 1.3.</summary>
        public double EdgeMaxError;
        /// <summary>Vertices per polygon, an integer in [3, 6]; default 6.</summary>
        public double VertsPerPoly;
        /// <summary>Detail mesh sampling distance, cell sizes, [0, 1e6]; default 6.</summary>
        public double DetailSampleDistance;
        /// <summary>Detail mesh height error, cell heights, [0, 1e6]; default 1.</summary>
        public double DetailSampleMaxError;
        /// <summary>Half extents of the box a point is snapped to the navmesh in, each (0, 1e6]; default (2, 4, 2).</summary>
        public Vec3 SnapExtents;

        /// <summary>The C library's defaults (kinema_nav_settings_default).</summary>
        public static NavSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_nav_settings_default();
            }
        }
    }
}
