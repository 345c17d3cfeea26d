// A guard who chases the player the way Couvidou's Dishonored 2 chapter ("Flooding the Influence Map for Chase in Dishonored 2", Game AI Pro Online Edition 2021)
// describes: the MonoBehaviour ticks kinema's runtime pursuer each frame and moves its NavMeshAgent to the
// pursuer's goal; the level is a kinema Space (the scene's own NavMesh handed over with
// NavMesh.CalculateTriangulation, a grid, or any level file the kinema command reads), and the flood runs a few
// propagation steps per frame, the chapter's fixed budget, so a frame never pays for the whole flood.
// GuardChaseSearch (the flood alone, for a game that keeps its own state machine) is plain C# (it compiles and
// runs outside Unity); the MonoBehaviour below it is Unity's part.
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
    /// A guard driven by kinema's runtime pursuer (docs/engines.md "Runtime pursuer"): each frame it tells the
    /// pursuer what it sees and whether its NavMeshAgent arrived, and sends the agent to the pursuer's goal when
    /// it changes -- the player while seen, the chase's destination (the flood a few propagation steps per
    /// frame, the chapter's budget), the search's next cell, until it gives up. The scene's NavMesh and 3D level
    /// files share Unity's axes (y up); grids lie on the XZ plane: column = x / tileSize, row = z / tileSize.
    /// </summary>
    public sealed class GuardChase : UnityEngine.MonoBehaviour
    {
        [UnityEngine.Tooltip("Chase on the scene's baked NavMesh (NavMesh.CalculateTriangulation); off: Level File or Grid Rows")]
        public bool useSceneNavMesh = true;
        [UnityEngine.Tooltip("A level file kinema reads, relative to StreamingAssets; empty: use Grid Rows")]
        public string levelFile = "";
        [UnityEngine.Tooltip("Grid rows, top row first: '#' wall, any other character floor")]
        public string[] gridRows = {
            "##########", "#........#", "#..##....#", "#..##....#", "#........#", "##########"
        };
        public float tileSize = 1f;
        public PursuitStrategy strategy = PursuitStrategy.Flood;
        [UnityEngine.Tooltip("Propagation steps per frame: the chapter's budget (0: the whole flood at once)")]
        public int stepsPerFrame = 4;
        public UnityEngine.Transform player;
        public float sightRange = 10f;
        public float speed = 3.5f;

        private Space space;
        private Pursuer pursuer;
        private bool grid;
        private UnityEngine.Vector3 lastPlayer;
        private UnityEngine.Vector3 goal;
        private UnityEngine.AI.NavMeshAgent agent;

        private void Start()
        {
            grid = !useSceneNavMesh && string.IsNullOrEmpty(levelFile);
            string streamingAssets = UnityEngine.Application.streamingAssetsPath;
            if (useSceneNavMesh)
            {
                space = SceneNavMesh();
            }
            else
            {
                space = grid ? GuardChaseSearch.GridFromRows(gridRows)
                             : Space.Load(System.IO.Path.Combine(streamingAssets, levelFile));
            }
            PursuerSettings settings = PursuerSettings.Default;
            settings.Strategy = strategy;
            settings.FloodStepsPerTick = stepsPerFrame;
            settings.ViewRange = grid ? sightRange / tileSize : sightRange;
            pursuer = new Pursuer(space, settings);
            agent = GetComponent<UnityEngine.AI.NavMeshAgent>();
            goal = transform.position;
            if (player != null)
            {
                lastPlayer = player.position;
            }
        }

        private void Update()
        {
            bool sees = player != null &&
                        UnityEngine.Vector3.Distance(transform.position, player.position) <= sightRange &&
                        !UnityEngine.Physics.Linecast(transform.position, player.position);
            UnityEngine.Vector3 playerPosition = player != null ? player.position : lastPlayer;
            var input = new PursuerInput
            {
                Dt = UnityEngine.Time.deltaTime,
                NpcPosition = ToKinema(transform.position),
                NpcFacing = ToKinemaDirection(transform.forward),
                SeesPlayer = sees,
                PlayerPosition = ToKinema(playerPosition),
                PlayerVelocity = ToKinemaDirection(playerPosition - lastPlayer),  // only its direction counts
                Arrived = Arrived()
            };
            lastPlayer = playerPosition;
            PursuerOutput output = pursuer.Update(ref input);  // allocates nothing
            if (output.GoalChanged)
            {
                goal = FromKinema(output.Goal);
                if (agent != null)
                {
                    agent.SetDestination(goal);
                }
            }
            if (agent == null && output.State != PursuitState.GaveUp)
            {
                transform.position = UnityEngine.Vector3.MoveTowards(transform.position, goal,
                                                                     speed * UnityEngine.Time.deltaTime);
            }
        }

        /// <summary>A noise the guard hears (a thrown bottle): the chase restarts there, within the cap.</summary>
        public void HearNoise(UnityEngine.Vector3 where)
        {
            PursuerOutput output = pursuer.Stimulus(ToKinema(where));
            if (output.GoalChanged && agent != null)
            {
                agent.SetDestination(FromKinema(output.Goal));
            }
        }

        // The baked NavMesh as triangles (docs/engines.md, "Your navmesh in"): Unity's vertices are already in
        // kinema's axes (metres, y up); the mesh is voxelised again as `kinema chase --map LEVEL.obj` would.
        private static Space SceneNavMesh()
        {
            UnityEngine.AI.NavMeshTriangulation mesh = UnityEngine.AI.NavMesh.CalculateTriangulation();
            var xyz = new float[mesh.vertices.Length * 3];
            for (int i = 0; i < mesh.vertices.Length; ++i)
            {
                xyz[3 * i] = mesh.vertices[i].x;
                xyz[3 * i + 1] = mesh.vertices[i].y;
                xyz[3 * i + 2] = mesh.vertices[i].z;
            }
            return Space.FromMesh(xyz, mesh.indices);
        }

        private bool Arrived()
        {
            if (agent != null)
            {
                return !agent.pathPending && agent.remainingDistance <= agent.stoppingDistance;
            }
            return UnityEngine.Vector3.Distance(transform.position, goal) <= 0.05f * tileSize;
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
            if (pursuer != null)
            {
                pursuer.Dispose();
            }
            if (space != null)
            {
                space.Dispose();
            }
        }
    }
#endif
}
