using System;

namespace Kinema
{
    /// <summary>
    /// kinema_flood: the chase flood of Couvidou's Dishonored 2 chapter, time-sliced. Start it at the player's
    /// last known position and direction, Advance it a fixed number of propagation steps per frame (the
    /// chapter's budget) until it returns true, then read Result.Destination. Advance and Result allocate
    /// nothing once the flood has started on a space.
    /// </summary>
    public sealed class Flood : IDisposable
    {
        private readonly FloodHandle handle;

        /// <summary>A flood with these settings (start from FloodSettings.Default).</summary>
        public Flood(FloodSettings settings)
        {
            Kinema.CheckLibrary();
            KinemaException.Check(NativeMethods.kinema_flood_create(ref settings, out handle));
        }

        /// <summary>
        /// Seeds the flood at the player's last known position, running along `direction` (any length; zero = no
        /// barrier). Grids take x = column, y = row (z ignored); 3D spaces take x, y, z.
        /// </summary>
        public void Start(Space space, Vec3 position, Vec3 direction)
        {
            SpaceHandle target = space == null ? SpaceHandle.Null : space.Handle;
            bool added = false;
            target.DangerousAddRef(ref added);
            Status status;
            try
            {
                status = NativeMethods.kinema_flood_start(handle, target, position, direction);
            }
            catch
            {
                target.DangerousRelease();
                throw;
            }
            handle.Started(target, status == Status.Ok);
            KinemaException.Check(status);
        }

        /// <summary>Runs at most maxSteps (>= 0) propagation steps; true once the flood has stopped.</summary>
        public bool Advance(int maxSteps)
        {
            bool finished;
            KinemaException.Check(NativeMethods.kinema_flood_advance(handle, maxSteps, out finished));
            return finished;
        }

        /// <summary>The result so far (after the last step: the final one).</summary>
        public FloodResult Result
        {
            get
            {
                FloodResult result;
                KinemaException.Check(NativeMethods.kinema_flood_get_result(handle, out result));
                return result;
            }
        }

        /// <summary>
        /// The whole chase as JSON, what `kinema chase --json` prints for the same level and query (without its
        /// final newline); `map` is the "map" field, null for the space's own name (the file as given, or "grid").
        /// </summary>
        public string ToJson(string map = null)
        {
            byte[] utf8Map = Utf8.ToNative(map, "kinema_flood_json", "map");
            UIntPtr length;
            KinemaException.Check(NativeMethods.kinema_flood_json(handle, utf8Map, null, UIntPtr.Zero, out length));
            var buffer = new byte[(long)length.ToUInt64() + 1];
            KinemaException.Check(NativeMethods.kinema_flood_json(handle, utf8Map, buffer,
                                                                  new UIntPtr((ulong)buffer.LongLength), out length));
            return System.Text.Encoding.UTF8.GetString(buffer, 0, (int)length.ToUInt64());
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
