using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>
    /// kinema_dead_reckoning_result: where a guard that runs straight on from the last known position ends, the
    /// baseline the flood is measured against (the "dead_reckoning" fields of `kinema chase --json`). Laid out
    /// as the C struct.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DeadReckoningResult
    {
        private Vec3 position;
        private Vec3 endPoint;
        private long cell;
        private int blocked;
        private int onSpace;
        private double distance;

        /// <summary>Where the guard is sent: the last open cell's centre (navmeshes: the line's end).</summary>
        public Vec3 Position { get { return position; } }
        /// <summary>Where the straight line stops: at the wall, or after Distance.</summary>
        public Vec3 EndPoint { get { return endPoint; } }
        /// <summary>The cell of Position on grids; -1 where the space has none.</summary>
        public long Cell { get { return cell; } }
        /// <summary>A wall (a grid edge, a navmesh border) stopped the line before Distance.</summary>
        public bool Blocked { get { return blocked != 0; } }
        /// <summary>False when the start is off the space (a navmesh: beyond the snap box).</summary>
        public bool OnSpace { get { return onSpace != 0; } }
        /// <summary>The distance asked for, world units.</summary>
        public double Distance { get { return distance; } }
    }
}
