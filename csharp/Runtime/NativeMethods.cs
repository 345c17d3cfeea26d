// The P/Invoke declarations of include/kinema/kinema.h, one group per C object. A C function joins by a
// declaration here, written as the header writes it: handles as their SafeHandle, structs by ref or out (all
// blittable, so nothing is copied or allocated), strings as NUL-terminated UTF-8 bytes, size_t as UIntPtr.
using System;
using System.Runtime.InteropServices;

namespace Kinema
{
    internal static partial class NativeMethods
    {
#if UNITY_IOS && !UNITY_EDITOR
        // iOS links plugins statically into the player (libkinema_c.a).
        internal const string Library = "__Internal";
#else
        internal const string Library = "kinema_c";
#endif
        // The KINEMA_C_API_VERSION these declarations were written against (2: the movement and analysis
        // functions were added; 3: spaces from a mesh and from an engine's polygons in memory, and the runtime
        // pursuer; 4: pursuer teams).
        internal const int CApiVersion = 5;

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern IntPtr kinema_version();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int kinema_c_api_version();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern IntPtr kinema_last_error();

        // ---- Spaces ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_from_grid(int width, int height, byte[] tiles, int connectivity,
                                                             out SpaceHandle space);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_load(byte[] utf8Path, out SpaceHandle space);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_load_options(byte[] utf8Path, byte[] utf8Level, byte[] utf8Walls,
                                                                out SpaceHandle space);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void kinema_space_destroy(IntPtr space);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_cell_count(SpaceHandle space, out long cells);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_dead_reckoning(SpaceHandle space, Vec3 position, Vec3 direction,
                                                            double distance, out DeadReckoningResult result);

        // ---- Spaces from an engine's meshes and navmeshes in memory ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern NavSettings kinema_nav_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_from_mesh(float[] xyz, int vertexCount, int[] triangles,
                                                             int triangleCount, ref NavSettings settings,
                                                             out SpaceHandle space);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_space_from_polygons(float[] xyz, int vertexCount, int[] polygonIndices,
                                                                 int[] polygonSizes, int polygonCount,
                                                                 ref NavSettings settings, out SpaceHandle space);

        // ---- The chase flood ----

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern FloodSettings kinema_flood_settings_default();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_flood_create(ref FloodSettings settings, out FloodHandle flood);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_flood_start(FloodHandle flood, SpaceHandle space, Vec3 position,
                                                         Vec3 direction);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_flood_advance(FloodHandle flood, int maxSteps, out int finished);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_flood_result(FloodHandle flood, out FloodResult result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern Status kinema_flood_json(FloodHandle flood, byte[] utf8Map, byte[] buffer,
                                                        UIntPtr capacity, out UIntPtr length);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void kinema_flood_destroy(IntPtr flood);
    }
}
