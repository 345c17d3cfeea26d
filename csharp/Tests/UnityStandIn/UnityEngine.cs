// Not Unity: the few UnityEngine members the package's Unity-only code uses (Vec3's conversions, the GuardChase
// sample), declared with Unity's names and signatures so that mono type-checks that code with
// -define:UNITY_5_3_OR_NEWER (csharp/CMakeLists.txt). Nothing here runs; inside Unity this file is empty.
#if !UNITY_5_3_OR_NEWER
namespace UnityEngine
{
    public struct Vector3
    {
        public float x, y, z;

        public Vector3(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        public static Vector3 operator -(Vector3 a, Vector3 b)
        {
            return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z);
        }

        public static float Distance(Vector3 a, Vector3 b)
        {
            return 0f;
        }

        public static Vector3 MoveTowards(Vector3 current, Vector3 target, float maxDistanceDelta)
        {
            return target;
        }
    }

    public class Object
    {
    }

    public class Component : Object
    {
        public Transform transform
        {
            get { return null; }
        }

        public T GetComponent<T>()
        {
            return default(T);
        }
    }

    public class Transform : Component
    {
        public Vector3 position { get; set; }

        public Vector3 forward
        {
            get { return new Vector3(0f, 0f, 1f); }
        }
    }

    public class Behaviour : Component
    {
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public sealed class TooltipAttribute : System.Attribute
    {
        public TooltipAttribute(string tooltip)
        {
        }
    }

    public static class Application
    {
        public static string streamingAssetsPath
        {
            get { return ""; }
        }
    }

    public static class Physics
    {
        public static bool Linecast(Vector3 start, Vector3 end)
        {
            return false;
        }
    }

    public static class Time
    {
        public static float deltaTime
        {
            get { return 0f; }
        }
    }
}

namespace UnityEngine.AI
{
    public class NavMeshAgent : Behaviour
    {
        public bool SetDestination(Vector3 target)
        {
            return true;
        }

        public bool pathPending
        {
            get { return false; }
        }

        public float remainingDistance
        {
            get { return 0f; }
        }

        public float stoppingDistance { get; set; }
    }

    public struct NavMeshTriangulation
    {
        public Vector3[] vertices;
        public int[] indices;
        public int[] areas;
    }

    public static class NavMesh
    {
        public static NavMeshTriangulation CalculateTriangulation()
        {
            return new NavMeshTriangulation();
        }
    }
}
#endif
