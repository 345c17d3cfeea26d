using System;
using System.Globalization;

namespace Kinema
{
    /// <summary>
    /// kinema_vec2: a point, direction or velocity on the movement models' ground plane, in the game's own unit
    /// (Dishonored: u, CrossCode: px, Unreal: cm). A game on Unity's axes maps its (x, z) ground plane to (X, Y).
    /// </summary>
    public partial struct Vec2 : IEquatable<Vec2>
    {
        public Vec2(double x, double y)
        {
            X = x;
            Y = y;
        }

        /// <summary>The length, sqrt(X^2 + Y^2).</summary>
        public double Length
        {
            get { return Math.Sqrt(X * X + Y * Y); }
        }

        public bool Equals(Vec2 other)
        {
            return X.Equals(other.X) && Y.Equals(other.Y);
        }

        public override bool Equals(object obj)
        {
            return obj is Vec2 && Equals((Vec2)obj);
        }

        public override int GetHashCode()
        {
            return X.GetHashCode() ^ (Y.GetHashCode() * 397);
        }

        public static bool operator ==(Vec2 a, Vec2 b)
        {
            return a.Equals(b);
        }

        public static bool operator !=(Vec2 a, Vec2 b)
        {
            return !a.Equals(b);
        }

        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0}, {1})", X, Y);
        }
    }
}
