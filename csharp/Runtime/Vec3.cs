using System;
using System.Globalization;

namespace Kinema
{
    /// <summary>
    /// kinema_vec3: a point or a direction. On grids x = column, y = row (a tile's centre is column + 0.5,
    /// row + 0.5) and z is ignored; 3D levels are in the mesh's units with y up, as in Unity.
    /// </summary>
    public partial struct Vec3 : IEquatable<Vec3>
    {
        public Vec3(double x, double y, double z)
        {
            X = x;
            Y = y;
            Z = z;
        }

        public bool Equals(Vec3 other)
        {
            return X.Equals(other.X) && Y.Equals(other.Y) && Z.Equals(other.Z);
        }

        public override bool Equals(object obj)
        {
            return obj is Vec3 && Equals((Vec3)obj);
        }

        public override int GetHashCode()
        {
            return X.GetHashCode() ^ (Y.GetHashCode() * 397) ^ (Z.GetHashCode() * 7919);
        }

        public static bool operator ==(Vec3 a, Vec3 b)
        {
            return a.Equals(b);
        }

        public static bool operator !=(Vec3 a, Vec3 b)
        {
            return !a.Equals(b);
        }

        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0}, {1}, {2})", X, Y, Z);
        }

#if UNITY_5_3_OR_NEWER
        // Unity's axes are kinema's 3D axes (y up): a plain conversion. A grid laid on Unity's ground plane maps
        // (x, z) to kinema's (X = column, Y = row) instead: see the GuardChase sample.
        public static implicit operator Vec3(UnityEngine.Vector3 v)
        {
            return new Vec3(v.x, v.y, v.z);
        }

        public static explicit operator UnityEngine.Vector3(Vec3 v)
        {
            return new UnityEngine.Vector3((float)v.X, (float)v.Y, (float)v.Z);
        }
#endif
    }
}
