// The runtime pursuer from C#: ticked through data/levels/corner.txt with the simulated player's frames of
// `kinema pursue --json` (Couvidou's Figure 1 scenario) it takes the decisions the JSON records -- each frame's
// state, each event's kind and time, each chase's destination -- for every strategy; Update allocates nothing.
// Environment: KINEMA_CLI (the kinema command), KINEMA_DATA_DIR (kinema's data/).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class PursuerTests
    {
        private const string Route = "12.5,2.5;17.5,2.5;17.5,28.5";
        private static readonly double[][] RoutePoints = { new[] { 12.5, 2.5 }, new[] { 17.5, 2.5 }, new[] { 17.5, 28.5 } };
        private const double PlayerSpeed = 7.5;
        // A stopped NPC this close to its goal has arrived (docs/pursuit.md "Arrival": 0.25 level units).
        private const double ArriveDistance = 0.25;

        private sealed class Frame
        {
            internal double T;
            internal string State;
            internal Vec3 Player, Npc, NpcVelocity;
            internal bool Sees;
        }

        private sealed class Event
        {
            internal double T;
            internal string Kind;
            internal Vec3 Destination;
        }

        private static double Number(string text)
        {
            return double.Parse(text, CultureInfo.InvariantCulture);
        }

        private static string PursueJson(string map, string strategy)
        {
            string cli = Environment.GetEnvironmentVariable("KINEMA_CLI");
            if (string.IsNullOrEmpty(cli))
            {
                Assert.Ignore("KINEMA_CLI is not set: the kinema command is needed to compare with");
            }
            var info = new ProcessStartInfo(cli, "pursue --map \"" + map + "\" --route \"" + Route +
                                                     "\" --npc 2.5,2.5 --view-range 10 --player-speed 7.5 --strategy " +
                                                     strategy + " --json")
            {
                UseShellExecute = false,
                RedirectStandardOutput = true
            };
            using (Process process = Process.Start(info))
            {
                string json = process.StandardOutput.ReadToEnd();
                process.WaitForExit();
                Assert.AreEqual(0, process.ExitCode, "kinema pursue exit code");
                return json;
            }
        }

        private static List<Frame> Frames(string json)
        {
            const string pair = @"\[([^,\]]+),([^\]]+)\]";
            var pattern = new Regex("\\{\"t\":([^,]+),\"state\":\"(\\w+)\",\"player\":" + pair + ",\"npc\":" + pair +
                                    ",\"npc_velocity\":" + pair + ",\"npc_input\":\\[[^\\]]*\\],\"sees_player\":(true|false)\\}");
            var frames = new List<Frame>();
            foreach (Match m in pattern.Matches(json))
            {
                frames.Add(new Frame
                {
                    T = Number(m.Groups[1].Value),
                    State = m.Groups[2].Value,
                    Player = new Vec3(Number(m.Groups[3].Value), Number(m.Groups[4].Value), 0),
                    Npc = new Vec3(Number(m.Groups[5].Value), Number(m.Groups[6].Value), 0),
                    NpcVelocity = new Vec3(Number(m.Groups[7].Value), Number(m.Groups[8].Value), 0),
                    Sees = m.Groups[9].Value == "true"
                });
            }
            return frames;
        }

        private static List<Event> Events(string json)
        {
            var pattern = new Regex("\\{\"t\":([^,]+),\"kind\":\"(\\w+)\"(,\"strategy\":\"[^\"]+\",\"destination\":\\[([^,]+),([^\\]]+)\\])?");
            var events = new List<Event>();
            foreach (Match m in pattern.Matches(json))
            {
                var e = new Event { T = Number(m.Groups[1].Value), Kind = m.Groups[2].Value };
                if (m.Groups[3].Success)
                {
                    e.Destination = new Vec3(Number(m.Groups[4].Value), Number(m.Groups[5].Value), 0);
                }
                events.Add(e);
            }
            return events;
        }

        // The route segment the scripted player runs along at time t (zero once standing): its direction is the
        // player's direction of motion, as the simulation walks the route.
        private static Vec3 RouteSegment(double t)
        {
            double left = PlayerSpeed * t;
            for (int i = 0; i + 1 < RoutePoints.Length; ++i)
            {
                double dx = RoutePoints[i + 1][0] - RoutePoints[i][0];
                double dy = RoutePoints[i + 1][1] - RoutePoints[i][1];
                double length = Math.Sqrt(dx * dx + dy * dy);
                if (left < length)
                {
                    return new Vec3(dx, dy, 0);
                }
                left -= length;
            }
            return new Vec3(0, 0, 0);
        }

        private static string StateName(PursuitState state)
        {
            return state == PursuitState.GaveUp ? "gave_up" : state.ToString().ToLowerInvariant();
        }

        private static readonly string[] EventNames = { "lost_sight", "chase", "arrived", "search", "reacquired",
                                                        "stimulus", "gave_up" };

        private static Vec3 Normalised(Vec3 v)
        {
            double length = Math.Sqrt(v.X * v.X + v.Y * v.Y);
            return new Vec3(v.X / length, v.Y / length, 0);
        }

        [TestCase("flood")]
        [TestCase("flood-paced")]
        [TestCase("dead-reckoning")]
        [TestCase("breadcrumbs")]
        [TestCase("last-known")]
        public void TickedThroughTheCornerItTakesThePursuesDecisions(string strategy)
        {
            string map = TestPaths.Data("levels/corner.txt");
            string json = PursueJson(map, strategy);
            List<Frame> frames = Frames(json);
            List<Event> expected = Events(json);
            Assert.Greater(frames.Count, 100);
            Assert.Greater(expected.Count, 1);

            PursuerSettings settings = PursuerSettings.Default;
            settings.Strategy = (PursuitStrategy)Array.IndexOf(
                new[] { "flood", "flood-paced", "dead-reckoning", "breadcrumbs", "last-known" }, strategy);
            settings.ViewRange = 10;
            settings.PlayerSpeed = PlayerSpeed;
            var got = new List<Event>();
            var buffer = new PursuerEvent[4];
            using (Space space = Space.Load(map))
            using (var pursuer = new Pursuer(space, settings))
            {
                Vec3 facing = Normalised(new Vec3(12.5 - 2.5, 0, 0));
                bool arrived = false;
                for (int k = 0; k < frames.Count; ++k)
                {
                    Frame f = frames[k];
                    PursuerOutput previous = pursuer.Output;
                    // The game's agent arrived when it stood still within reach of the goal it was given.
                    if (k > 0)
                    {
                        Frame before = frames[k - 1];
                        double dx = before.Npc.X - previous.Goal.X, dy = before.Npc.Y - previous.Goal.Y;
                        arrived = (arrived && !previous.GoalChanged) ||
                                  (before.NpcVelocity.X == 0 && before.NpcVelocity.Y == 0 &&
                                   Math.Sqrt(dx * dx + dy * dy) <= ArriveDistance);
                    }
                    if (f.NpcVelocity.X != 0 || f.NpcVelocity.Y != 0)
                    {
                        facing = Normalised(f.NpcVelocity);
                    }
                    var input = new PursuerInput
                    {
                        Dt = f.T - previous.Time,
                        NpcPosition = f.Npc,
                        NpcFacing = facing,
                        SeesPlayer = f.Sees,
                        PlayerPosition = f.Player,
                        PlayerVelocity = RouteSegment(f.T),
                        Arrived = arrived
                    };
                    PursuerOutput output = pursuer.Update(ref input);
                    Assert.AreEqual(f.State, StateName(output.State), "frame " + k + " at t " + f.T);
                    int count = pursuer.Events(buffer);
                    for (int i = 0; i < count; ++i)
                    {
                        got.Add(new Event { T = buffer[i].T, Kind = EventNames[(int)buffer[i].Kind],
                                            Destination = buffer[i].Kind == PursuitEventKind.Chase
                                                              ? buffer[i].Position : default(Vec3) });
                        Assert.IsTrue(output.Has(buffer[i].Kind));
                    }
                }
            }
            Assert.AreEqual(expected.Count, got.Count, "events");
            for (int i = 0; i < expected.Count; ++i)
            {
                Assert.AreEqual(expected[i].Kind, got[i].Kind, "event " + i);
                Assert.AreEqual(expected[i].T, got[i].T, "event " + i + " time");
                Assert.AreEqual(expected[i].Destination, got[i].Destination, "event " + i + " destination");
            }
        }

        [Test]
        public void DefaultsAreKinemaPursues()
        {
            PursuerSettings settings = PursuerSettings.Default;
            Assert.AreEqual(PursuitStrategy.Flood, settings.Strategy);
            Assert.AreEqual(20.0, settings.ViewRange);
            Assert.AreEqual(120.0, settings.ViewAngle);
            Assert.AreEqual(30.0, settings.SearchTime);
            Assert.AreEqual(6.0, settings.PlayerSpeed);
            Assert.AreEqual(0, settings.FloodStepsPerTick);
            Assert.AreEqual(3, settings.Flood.MaxRestarts);
            Assert.AreEqual(40, settings.Flood.MaxSteps);
        }

        // On the corridor of c/tests/c99_test.c: engaged, then lost running east, the flood's destination is the
        // centre of column 4 (worked out by hand there); a noise while chasing restarts the chase; errors throw.
        [Test]
        public void CorridorDecisionsStimulusAndErrors()
        {
            using (Space space = Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8))
            using (var pursuer = new Pursuer(space, PursuerSettings.Default))
            {
                var input = new PursuerInput
                {
                    Dt = 0.5,
                    NpcPosition = new Vec3(0.5, 0.5, 0),
                    NpcFacing = new Vec3(1, 0, 0),
                    SeesPlayer = true,
                    PlayerPosition = new Vec3(2.5, 0.5, 0),
                    PlayerVelocity = new Vec3(6, 0, 0)
                };
                PursuerOutput output = pursuer.Update(ref input);
                Assert.AreEqual(PursuitState.Engage, output.State);
                Assert.IsTrue(output.GoalInSight);
                input.SeesPlayer = false;
                output = pursuer.Update(ref input);
                Assert.AreEqual(PursuitState.Chase, output.State);
                Assert.AreEqual(new Vec3(4.5, 0.5, 0), output.Goal);
                Assert.IsTrue(output.GoalChanged);
                Assert.IsTrue(output.Has(PursuitEventKind.LostSight) && output.Has(PursuitEventKind.Chase));
                Assert.AreEqual(1.0, output.Time);
                output = pursuer.Stimulus(new Vec3(6.5, 0.5, 0));
                Assert.IsTrue(output.Has(PursuitEventKind.Stimulus));
                var buffer = new PursuerEvent[4];
                Assert.AreEqual(2, pursuer.Events(buffer));
                Assert.IsTrue(buffer[0].Accepted);
                input.Dt = double.NaN;
                var error = Assert.Throws<KinemaException>(() => pursuer.Update(ref input));
                StringAssert.Contains("dt", error.Message);
                Assert.Throws<KinemaException>(() => pursuer.Stimulus(new Vec3(-5, 0.5, 0)));
            }
        }

        // A game calls Update (and reads the events) every frame: neither may give the garbage collector work.
        [Test]
        public void UpdateAndEventsAllocateNothing()
        {
            using (Space space = Space.Load(TestPaths.Data("levels/corner.txt")))
            using (var pursuer = new Pursuer(space, PursuerSettings.Default))
            {
                var buffer = new PursuerEvent[4];
                var input = new PursuerInput
                {
                    Dt = 1.0 / 60,
                    NpcPosition = new Vec3(2.5, 2.5, 0),
                    NpcFacing = new Vec3(1, 0, 0),
                    SeesPlayer = true,
                    PlayerPosition = new Vec3(12.5, 2.5, 0),
                    PlayerVelocity = new Vec3(1, 0, 0)
                };
                pursuer.Update(ref input);
                input.SeesPlayer = false;
                input.Arrived = true;  // arrives at once: the chase, then the search, which warms up its arrays
                for (int frame = 0; frame < 120; ++frame)
                {
                    pursuer.Update(ref input);
                }
                const int frames = 20000;
                long before = Allocations.Bytes();
                long nothing = Allocations.Bytes() - before;
                int collections = GC.CollectionCount(0);
                double sum = 0;
                before = Allocations.Bytes();
                for (int frame = 0; frame < frames; ++frame)
                {
                    input.SeesPlayer = frame % 500 == 0;  // re-engage now and then: every state runs
                    sum += pursuer.Update(ref input).Goal.X + pursuer.Events(buffer);
                }
                long allocated = Allocations.Bytes() - before - nothing;
                Assert.AreEqual(collections, GC.CollectionCount(0), "a collection ran during the frames");
                Assert.AreEqual(0L, allocated, frames + " frames allocated " + allocated + " bytes");
                Assert.Greater(sum, 0.0);
            }
        }
    }
}
