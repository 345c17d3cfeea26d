// A pursuer team from C#: on the corridor of c/tests/c99_test.c (worked out by hand there) a shared team of
// two engages together and loses the player together, chasing to the flood's destination, where a lone NPC
// would chase at once; split searchers on the warehouse loop never head for the same cell (as the C++
// team's test, kinema/tests/pursuit/team_test.cpp, on the same inputs); bad teams throw naming the argument;
// Update and Events allocate nothing.
using System;
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class PursuerTeamTests
    {
        private static Space Corridor()
        {
            return Space.FromGrid(7, 1, new byte[] { 1, 1, 1, 1, 1, 1, 1 }, 8);
        }

        // NPCs at columns 0 and 1 facing east; the player at column 2 running east, seen by NPC 0 only.
        private static PursuerInput[] CorridorInputs()
        {
            var inputs = new PursuerInput[2];
            for (int i = 0; i < 2; ++i)
            {
                inputs[i] = new PursuerInput
                {
                    Dt = 0.5,
                    NpcPosition = new Vec3(0.5 + i, 0.5, 0),
                    NpcFacing = new Vec3(1, 0, 0),
                    PlayerPosition = new Vec3(2.5, 0.5, 0),
                    PlayerVelocity = new Vec3(6, 0, 0)
                };
            }
            inputs[0].SeesPlayer = true;
            return inputs;
        }

        [Test]
        public void SharedTeamEngagesAndLosesThePlayerTogether()
        {
            using (Space space = Corridor())
            using (var team = new PursuerTeam(space, 2, TeamMode.Shared, PursuerSettings.Default))
            {
                Assert.AreEqual(2, team.Size);
                Assert.AreEqual(TeamMode.Shared, team.Mode);
                PursuerInput[] inputs = CorridorInputs();
                PursuerOutput[] outputs = team.Update(inputs);
                Assert.AreSame(team.Outputs, outputs);
                Assert.AreEqual(PursuitState.Engage, outputs[0].State);
                Assert.AreEqual(PursuitState.Engage, outputs[1].State);
                Assert.AreEqual(new Vec3(2.5, 0.5, 0), outputs[1].Goal);
                inputs[0].SeesPlayer = false;
                team.Update(inputs);
                var buffer = new PursuerEvent[4];
                for (int i = 0; i < 2; ++i)
                {
                    Assert.AreEqual(PursuitState.Chase, outputs[i].State, "NPC " + i);
                    Assert.AreEqual(new Vec3(4.5, 0.5, 0), outputs[i].Goal, "NPC " + i);
                    Assert.AreEqual(1.0, outputs[i].Time);
                    Assert.IsTrue(outputs[i].Has(PursuitEventKind.LostSight) && outputs[i].Has(PursuitEventKind.Chase));
                    Assert.AreEqual(2, team.Events(i, buffer));
                    Assert.AreEqual(PursuitEventKind.LostSight, buffer[0].Kind);
                    Assert.AreEqual(new Vec3(2.5, 0.5, 0), buffer[0].Position);
                    Assert.AreEqual(new Vec3(4.5, 0.5, 0), buffer[1].Position);
                }
                outputs = team.Stimulus(new Vec3(5.5, 0.5, 0));
                Assert.IsTrue(outputs[0].Has(PursuitEventKind.Stimulus) && outputs[1].Has(PursuitEventKind.Stimulus));
                team.Reset();
                Assert.AreEqual(0.0, team.Outputs[0].Time);
                inputs[0].SeesPlayer = true;
                Assert.AreEqual(PursuitState.Engage, team.Update(inputs)[1].State);
            }
        }

        [Test]
        public void IndependentNpcsPerceiveAlone()
        {
            using (Space space = Corridor())
            using (var team = new PursuerTeam(space, 2, TeamMode.Independent, PursuerSettings.Default))
            {
                PursuerOutput[] outputs = team.Update(CorridorInputs());
                Assert.AreEqual(PursuitState.Engage, outputs[0].State);
                Assert.AreEqual(PursuitState.Chase, outputs[1].State);  // never saw the player: chases at once
            }
        }

        // A game that moves its NPCs straight onto their goals: while both split searchers search, their goals
        // always differ.
        [Test]
        public void SplitSearchersNeverHeadForTheSameCell()
        {
            PursuerSettings settings = PursuerSettings.Default;
            settings.SearchTime = 10;
            using (Space space = Space.Load(TestPaths.Data("levels/warehouse_loop.txt")))
            using (var team = new PursuerTeam(space, 2, TeamMode.Split, settings))
            {
                var inputs = new PursuerInput[2];
                inputs[0].NpcPosition = new Vec3(2.5, 4.5, 0);
                inputs[1].NpcPosition = new Vec3(3.5, 6.5, 0);
                for (int i = 0; i < 2; ++i)
                {
                    inputs[i].NpcFacing = new Vec3(1, 0, 0);
                    inputs[i].PlayerPosition = new Vec3(16.5, 2.5, 0);
                    inputs[i].PlayerVelocity = new Vec3(1, 0, 0);
                }
                int bothSearching = 0;
                for (int frame = 0; frame < 600; ++frame)
                {
                    PursuerOutput[] outputs = team.Update(inputs);
                    for (int i = 0; i < 2; ++i)
                    {
                        inputs[i].Arrived = inputs[i].NpcPosition.Equals(outputs[i].Goal);
                        inputs[i].NpcPosition = outputs[i].Goal;  // the agent reaches its goal within the frame
                        inputs[i].Dt = 1.0 / 60;
                    }
                    if (outputs[0].State == PursuitState.Search && outputs[1].State == PursuitState.Search)
                    {
                        ++bothSearching;
                        Assert.AreNotEqual(outputs[0].Goal, outputs[1].Goal, "frame " + frame);
                    }
                }
                Assert.Greater(bothSearching, 300);
            }
        }

        [Test]
        public void BadTeamsAndCountsThrowNamingTheArgument()
        {
            using (Space space = Corridor())
            {
                PursuerSettings settings = PursuerSettings.Default;
                StringAssert.Contains("npcs", Assert.Throws<KinemaException>(
                    () => new PursuerTeam(space, 0, TeamMode.Split, settings)).Message);
                StringAssert.Contains("npcs", Assert.Throws<KinemaException>(
                    () => new PursuerTeam(space, PursuerTeam.MaxNpcs + 1, TeamMode.Split, settings)).Message);
                StringAssert.Contains("mode", Assert.Throws<KinemaException>(
                    () => new PursuerTeam(space, 2, (TeamMode)3, settings)).Message);
                StringAssert.Contains("space", Assert.Throws<KinemaException>(
                    () => new PursuerTeam(null, 2, TeamMode.Split, settings)).Message);
                using (var full = new PursuerTeam(space, PursuerTeam.MaxNpcs, TeamMode.Split, settings))
                {
                    Assert.AreEqual(PursuerTeam.MaxNpcs, full.Size);
                }
                using (var team = new PursuerTeam(space, 2, TeamMode.Split, settings))
                {
                    var error = Assert.Throws<KinemaException>(() => team.Update(new PursuerInput[3]));
                    Assert.AreEqual(Status.Argument, error.Status);
                    StringAssert.Contains("count", error.Message);
                    StringAssert.Contains("count", Assert.Throws<KinemaException>(() => team.Update(null)).Message);
                    PursuerInput[] inputs = CorridorInputs();
                    inputs[1].Dt = 0.25;
                    StringAssert.Contains("inputs", Assert.Throws<KinemaException>(() => team.Update(inputs)).Message);
                    StringAssert.Contains("npc", Assert.Throws<KinemaException>(
                        () => team.Events(2, new PursuerEvent[4])).Message);
                    Assert.Throws<KinemaException>(() => team.Stimulus(new Vec3(-5, 0.5, 0)));
                }
            }
        }

        // A game ticks its team every frame: neither Update nor Events may give the garbage collector work.
        [Test]
        public void UpdateAndEventsAllocateNothing()
        {
            using (Space space = Space.Load(TestPaths.Data("levels/warehouse_loop.txt")))
            using (var team = new PursuerTeam(space, 3, TeamMode.Split, PursuerSettings.Default))
            {
                var buffer = new PursuerEvent[4];
                var inputs = new PursuerInput[3];
                for (int i = 0; i < 3; ++i)
                {
                    inputs[i].Dt = 1.0 / 60;
                    inputs[i].NpcPosition = new Vec3(2.5, 2.5 + i, 0);
                    inputs[i].NpcFacing = new Vec3(1, 0, 0);
                    inputs[i].SeesPlayer = true;
                    inputs[i].PlayerPosition = new Vec3(9.5, 2.5, 0);
                    inputs[i].PlayerVelocity = new Vec3(1, 0, 0);
                }
                team.Update(inputs);
                for (int i = 0; i < 3; ++i)
                {
                    inputs[i].SeesPlayer = false;
                    inputs[i].Arrived = true;  // arrive at once: the chase, then the search warms up its arrays
                }
                for (int frame = 0; frame < 120; ++frame)
                {
                    team.Update(inputs);
                }
                const int frames = 5000;
                long before = Allocations.Bytes();
                long nothing = Allocations.Bytes() - before;
                int collections = GC.CollectionCount(0);
                double sum = 0;
                before = Allocations.Bytes();
                for (int frame = 0; frame < frames; ++frame)
                {
                    inputs[frame % 3].SeesPlayer = frame % 500 == 0;  // re-engage now and then: every state runs
                    sum += team.Update(inputs)[2].Goal.X + team.Events(frame % 3, buffer);
                }
                long allocated = Allocations.Bytes() - before - nothing;
                Assert.AreEqual(collections, GC.CollectionCount(0), "a collection ran during the frames");
                Assert.AreEqual(0L, allocated, frames + " frames allocated " + allocated + " bytes");
                Assert.Greater(sum, 0.0);
            }
        }
    }
}
