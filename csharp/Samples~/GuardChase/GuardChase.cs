// A guard who loses sight of the player searches where the chase of Couvidou's Dishonored 2 chapter (Game AI
// Pro 3, "Chasing the player") says the player went: the level is a kinema Space (a grid, or any level file the
// kinema command reads), and the flood runs a few propagation steps per frame, the chapter's fixed budget, so a
// frame never pays for the whole flood. GuardChaseSearch is plain C# (it compiles and runs outside Unity); the
// MonoBehaviour below it is Unity's part.
using System;
using Kinema;

namespace KinemaSamples
{
    /// <summary>The guard's search: one space, one flood, restarted whenever the guard loses the player.</summary>
    public sealed class GuardChaseSearch : IDisposable
    {
        private readonly Space space;
        private readonly Flood flood;
        private bool searching;

        public GuardChaseSearch(Space space, FloodSettings settings)
        {
            this.space = space;
            flood = new Flood(settings);
        }

        /// <summary>A grid from rows of text, top row first: '#' is a wall, every other character floor.</summary>
        public static Space GridFromRows(string[] rows)
        {
            int width = rows[0].Length;
            var tiles = new byte[width * rows.Length];
            for (int row = 0; row < rows.Length; ++row)
            {
                for (int column = 0; column < width && column < rows[row].Length; ++column)
                {
                    tiles[row * width + column] = rows[row][column] == '#' ? (byte)0 : (byte)1;
                }
            }
            return Space.FromGrid(width, rows.Length, tiles, 8);
        }

        /// <summary>True between a LostSight and the end of its flood.</summary>
        public bool Searching
        {
            get { return searching; }
        }

        /// <summary>The player left sight at `position`, running along `direction`: flood from there.</summary>
        public void LostSight(Vec3 position, Vec3 direction)
        {
            flood.Start(space, position, direction);
            searching = true;
        }

        /// <summary>One frame's share of the flood; true on the frame it finishes (Destination final).</summary>
        public bool Tick(int stepsPerFrame)
        {
            if (!searching || !flood.Advance(stepsPerFrame))
            {
                return false;
            }
            searching = false;
            return true;
        }

        /// <summary>Where to look: the flood's destination so far.</summary>
        public Vec3 Destination
        {
            get { return flood.Result.Destination; }
        }

        public void Dispose()
        {
            flood.Dispose();
            space.Dispose();
        }
    }

#if UNITY_5_3_OR_NEWER
    /// <summary>
    /// Chases the player while it sees it; on losing it, floods from where it was last seen (a few steps per
    /// frame) and walks to the destination, with its NavMeshAgent when it has one. Grids lie on the XZ plane:
    /// column = x / tileSize, row = z / tileSize; 3D level files share Unity's axes (y up).
    /// </summary>
    public sealed class GuardChase : UnityEngine.MonoBehaviour
    {
        [UnityEngine.Tooltip("A level file kinema reads, relative to StreamingAssets; empty: use Grid Rows")]
        public string levelFile = "";
        [UnityEngine.Tooltip("Grid rows, top row first: '#' wall, any other character floor")]
        public string[] gridRows = {
            "##########", "#........#", "#..##....#", "#..##....#", "#........#", "##########"
        };
        public float tileSize = 1f;
        [UnityEngine.Tooltip("Propagation steps per frame: the chapter's budget")]
        public int stepsPerFrame = 4;
        public UnityEngine.Transform player;
        public float sightRange = 10f;
        public float speed = 3.5f;

        private GuardChaseSearch search;
        private bool grid;
        private bool sawPlayer;
        private UnityEngine.Vector3 lastSeen;
        private UnityEngine.Vector3 lastHeading;
        private UnityEngine.Vector3 goal;
        private UnityEngine.AI.NavMeshAgent agent;

        private void Start()
        {
            grid = string.IsNullOrEmpty(levelFile);
            string streamingAssets = UnityEngine.Application.streamingAssetsPath;
            Space space = grid ? GuardChaseSearch.GridFromRows(gridRows)
                               : Space.Load(System.IO.Path.Combine(streamingAssets, levelFile));
            search = new GuardChaseSearch(space, FloodSettings.Default);
            agent = GetComponent<UnityEngine.AI.NavMeshAgent>();
            goal = transform.position;
        }

        private void Update()
        {
            bool sees = player != null &&
                        UnityEngine.Vector3.Distance(transform.position, player.position) <= sightRange &&
                        !UnityEngine.Physics.Linecast(transform.position, player.position);
            if (sees)
            {
                lastHeading = player.position - lastSeen;
                lastSeen = player.position;
                goal = lastSeen;
            }
            else if (sawPlayer)
            {
                search.LostSight(ToKinema(lastSeen), ToKinemaDirection(lastHeading));
            }
            sawPlayer = sees;
            if (search.Tick(stepsPerFrame))
            {
                goal = FromKinema(search.Destination);
            }
            MoveTowards(goal);
        }

        private void MoveTowards(UnityEngine.Vector3 target)
        {
            if (agent != null)
            {
                agent.SetDestination(target);
                return;
            }
            transform.position = UnityEngine.Vector3.MoveTowards(transform.position, target,
                                                                 speed * UnityEngine.Time.deltaTime);
        }

        private Vec3 ToKinema(UnityEngine.Vector3 p)
        {
            return grid ? new Vec3(p.x / tileSize, p.z / tileSize, 0.0) : (Vec3)p;
        }

        private Vec3 ToKinemaDirection(UnityEngine.Vector3 d)
        {
            return grid ? new Vec3(d.x, d.z, 0.0) : (Vec3)d;
        }

        private UnityEngine.Vector3 FromKinema(Vec3 p)
        {
            if (grid)
            {
                return new UnityEngine.Vector3((float)(p.X * tileSize), transform.position.y, (float)(p.Y * tileSize));
            }
            return (UnityEngine.Vector3)p;
        }

        private void OnDestroy()
        {
            if (search != null)
            {
                search.Dispose();
            }
        }
    }
#endif
}
