// Morrowind's speed, jump and fall through the binding (docs/morrowind.md, from the OpenMW research notes):
// defaults as the C library has them, values worked out by hand from the formulas (the ones c/tests/c99_test.c
// checks), and results equal to `kinema morrowind speed|jump|fall --json` (run as a process).
using NUnit.Framework;

namespace Kinema.Tests
{
    [TestFixture]
    public class MorrowindTests
    {
        [Test]
        public void DefaultsAreVanillaAndTheWikisRules()
        {
            MorrowindSettings settings = MorrowindSettings.Default;
            Assert.AreEqual(100.0, settings.Gmsts.MinWalkSpeed);
            Assert.AreEqual(200.0, settings.Gmsts.MaxWalkSpeed);
            Assert.AreEqual(400.0, settings.Gmsts.FallDamageDistanceMin);
            Assert.AreEqual(5.0, settings.Gmsts.EncumbranceStrMult);  // the last GMST
            Assert.AreEqual(154.064, settings.Animation.Walk);
            Assert.AreEqual(0.0, settings.Animation.SwimRun);
            Assert.AreEqual(MorrowindGravity.Wiki, settings.Rules.Gravity);
            Assert.AreEqual(MorrowindSpeedCap.Vanilla, settings.Rules.SpeedCap);
            Assert.IsFalse(settings.Rules.TruncateBaseSpeed);
            Assert.AreEqual(10.0, settings.MaxPlaybackScale);
            Assert.AreEqual(1.0 / 60.0, settings.PhysicsStep);

            MorrowindActor actor = MorrowindActor.Default;
            Assert.AreEqual(MorrowindActorKind.Npc, actor.Kind);
            Assert.AreEqual(50.0, actor.Speed);
            Assert.AreEqual(30.0, actor.Athletics);
            Assert.AreEqual(30.0, actor.Acrobatics);
            Assert.AreEqual(1.0, actor.FatigueRatio);
            Assert.IsFalse(actor.Werewolf);
            Assert.IsFalse(actor.Flies);

            MorrowindStance stance = MorrowindStance.Default;
            Assert.AreEqual(new Vec2(0.0, 1.0), stance.Input);
            Assert.IsFalse(stance.Run || stance.Sneak || stance.Swimming || stance.WeaponReady || stance.Incapacitated);
        }

        // The default NPC (Speed 50, Athletics 30, Acrobatics 30; docs/morrowind.md): walk = fMinWalkSpeed +
        // (fMaxWalkSpeed - fMinWalkSpeed) x Speed / 100 = 100 + 100 x 0.5 = 150 u/s; run = walk x
        // (fBaseRunMultiplier + fAthleticsRunBonus x Athletics / 100) = 150 x (1.75 + 0.3) = 307.5 u/s. A fall of
        // 500 u: x = max(0, h - fFallDamageDistanceMin - 1.5 Acrobatics - Jump) = 500 - 400 - 45 = 55, then
        // x = (fFallDistanceBase + fFallDistanceMult x) (fFallAcroBase + fFallAcroMult (100 - Acrobatics)) =
        // 0.07 x 55 x 0.95 = 3.6575, and the health loss x (1 - 0.25 fatigue term 1.25) = 2.51453125.
        [Test]
        public void WalkRunAndFallMatchTheFormulas()
        {
            MorrowindSettings settings = MorrowindSettings.Default;
            MorrowindActor actor = MorrowindActor.Default;
            MorrowindSpeed speed = Morrowind.Speed(settings, actor, MorrowindStance.Default);
            Assert.AreEqual(MorrowindMoveMode.Walk, speed.Mode);
            Assert.AreEqual(150.0, speed.WalkSpeed, 1e-9);
            Assert.AreEqual(307.5, speed.RunSpeed, 1e-9);
            Assert.AreEqual(150.0, speed.MoveSpeed, 1e-9);
            Assert.AreEqual(1.0, speed.SpeedFactor);
            Assert.IsFalse(speed.Strafing);

            MorrowindFall fall = Morrowind.Fall(settings, actor, 500.0);
            Assert.IsFalse(fall.SoftLanding);
            Assert.AreEqual(3.6575, fall.DamageTerm, 1e-9);
            Assert.AreEqual(2.51453125, fall.HealthLoss, 1e-9);
            Assert.IsFalse(fall.Knockdown);
            Assert.IsTrue(Morrowind.Fall(settings, actor, 400.0).SoftLanding);  // h <= fFallDamageDistanceMin

            MorrowindJump jump = Morrowind.Jump(settings, actor, MorrowindStance.Default, new Vec2());
            Assert.IsTrue(jump.CanJump);
            Assert.AreEqual(0.0, jump.Velocity.X);
            Assert.AreEqual(jump.TakeOffSpeed, jump.Velocity.Z);  // standing: straight up
        }

        [Test]
        public void SpeedEqualsKinemaMorrowindSpeed()
        {
            MorrowindSettings settings = MorrowindSettings.Default;
            AssertSpeedEqualsCli(settings, MorrowindActor.Default, MorrowindStance.Default, "");

            MorrowindActor fast = MorrowindActor.Default;
            fast.Speed = 80.0;
            fast.Athletics = 60.0;
            MorrowindStance running = MorrowindStance.Default;
            running.Run = true;
            running.Input = new Vec2(0.5, 0.5);
            AssertSpeedEqualsCli(settings, fast, running, " --run --speed 80 --athletics 60 --input 0.5,0.5");

            MorrowindActor creature = MorrowindActor.Default;
            creature.Kind = MorrowindActorKind.Creature;
            creature.Speed = 70.0;
            AssertSpeedEqualsCli(OpenMWRules(), creature, MorrowindStance.Default,
                                 " --rules openmw --creature --speed 70");

            MorrowindStance sneaking = MorrowindStance.Default;
            sneaking.Sneak = true;
            sneaking.Input = new Vec2(1.0, 0.0);
            AssertSpeedEqualsCli(settings, MorrowindActor.Default, sneaking, " --sneak --strafe");
        }

        private static void AssertSpeedEqualsCli(MorrowindSettings settings, MorrowindActor actor,
                                                 MorrowindStance stance, string flags)
        {
            string json = Cli.Section(Cli.Run("morrowind speed" + flags + " --json"), "result");
            MorrowindSpeed speed = Morrowind.Speed(settings, actor, stance);
            Assert.AreEqual(Cli.Number(json, "walk_speed"), speed.WalkSpeed);
            Assert.AreEqual(Cli.Number(json, "run_speed"), speed.RunSpeed);
            Assert.AreEqual(Cli.Number(json, "max_speed"), speed.MaxSpeed);
            Assert.AreEqual(Cli.Number(json, "speed_factor"), speed.SpeedFactor);
            Assert.AreEqual(Cli.Number(json, "move_speed"), speed.MoveSpeed);
            Assert.AreEqual(Cli.Bool(json, "strafing"), speed.Strafing);
            Assert.AreEqual(Cli.Bool(json, "werewolf_bonus"), speed.WerewolfBonus);
            StringAssert.Contains("\"mode\": \"" + ModeName(speed.Mode) + "\"", json);
        }

        private static string ModeName(MorrowindMoveMode mode)
        {
            string[] names = { "none", "walk", "sneak", "run", "swim_walk", "swim_run", "fly" };
            return names[(int)mode];
        }

        // `--rules openmw`: every choice as OpenMW's code has it.
        private static MorrowindSettings OpenMWRules()
        {
            MorrowindSettings settings = MorrowindSettings.Default;
            settings.Rules.Gravity = MorrowindGravity.OpenMW;
            settings.Rules.AirControl = MorrowindAirControl.OpenMW;
            settings.Rules.SpeedCap = MorrowindSpeedCap.OpenMW;
            settings.Rules.FallThreshold = MorrowindFallThreshold.OpenMW;
            return settings;
        }

        [Test]
        public void JumpEqualsKinemaMorrowindJump()
        {
            MorrowindActor acrobat = MorrowindActor.Default;
            acrobat.Acrobatics = 50.0;
            MorrowindStance running = MorrowindStance.Default;
            running.Run = true;
            AssertJumpEqualsCli(MorrowindSettings.Default, acrobat, running, new Vec2(), " --run --acrobatics 50");
            // OpenMW's gravity and its air control capped at 1 (Acrobatics 150 would give 1.25).
            acrobat.Acrobatics = 150.0;
            AssertJumpEqualsCli(OpenMWRules(), acrobat, running, new Vec2(0.0, 1.0),
                                " --rules openmw --acrobatics 150 --run --direction 0,1");
        }

        private static void AssertJumpEqualsCli(MorrowindSettings settings, MorrowindActor actor,
                                                MorrowindStance stance, Vec2 direction, string flags)
        {
            string json = Cli.Section(Cli.Run("morrowind jump" + flags + " --json"), "result");
            MorrowindJump jump = Morrowind.Jump(settings, actor, stance, direction);
            Assert.AreEqual(Cli.Bool(json, "can_jump"), jump.CanJump);
            Assert.AreEqual(Cli.Number(json, "jump_term"), jump.JumpTerm);
            Assert.AreEqual(Cli.Number(json, "take_off_speed"), jump.TakeOffSpeed);
            Assert.AreEqual(Cli.Numbers(json, "velocity"), new[] { jump.Velocity.X, jump.Velocity.Y, jump.Velocity.Z });
            Assert.AreEqual(Cli.Number(json, "fatigue_cost"), jump.FatigueCost);
            Assert.AreEqual(Cli.Number(json, "air_control"), jump.AirControl);
            Assert.AreEqual(Cli.Number(json, "apex_height"), jump.ApexHeight);
            Assert.AreEqual(Cli.Number(json, "airtime"), jump.Airtime);
        }

        [Test]
        public void FallEqualsKinemaMorrowindFall()
        {
            AssertFallEqualsCli(MorrowindActor.Default, 500.0, "");
            MorrowindActor tired = MorrowindActor.Default;
            tired.Acrobatics = 10.0;
            tired.FatigueRatio = 0.5;
            AssertFallEqualsCli(tired, 900.0, " --acrobatics 10 --fatigue-ratio 0.5");  // a knockdown
        }

        private static void AssertFallEqualsCli(MorrowindActor actor, double height, string flags)
        {
            string json = Cli.Section(Cli.Run("morrowind fall --height " + Cli.Text(height) + flags + " --json"),
                                      "result");
            MorrowindFall fall = Morrowind.Fall(MorrowindSettings.Default, actor, height);
            Assert.AreEqual(Cli.Bool(json, "soft_landing"), fall.SoftLanding);
            Assert.AreEqual(Cli.Number(json, "damage_term"), fall.DamageTerm);
            Assert.AreEqual(Cli.Number(json, "health_loss"), fall.HealthLoss);
            Assert.AreEqual(Cli.Bool(json, "knockdown"), fall.Knockdown);
        }

        [Test]
        public void BadArgumentsThrowWithTheCMessage()
        {
            MorrowindSettings settings = MorrowindSettings.Default;
            MorrowindActor actor = MorrowindActor.Default;
            actor.Speed = -1.0;
            var negative =
                Assert.Throws<KinemaException>(() => Morrowind.Speed(settings, actor, MorrowindStance.Default));
            Assert.AreEqual(Status.Argument, negative.Status);
            StringAssert.Contains("speed", negative.Message);
            MorrowindStance stance = MorrowindStance.Default;
            stance.Input = new Vec2(double.NaN, 0.0);
            Assert.AreEqual(Status.Argument, Assert.Throws<KinemaException>(
                () => Morrowind.Jump(settings, MorrowindActor.Default, stance, new Vec2())).Status);
            Assert.AreEqual(Status.Argument, Assert.Throws<KinemaException>(
                () => Morrowind.Fall(settings, MorrowindActor.Default, -1.0)).Status);
            MorrowindSettings stepless = MorrowindSettings.Default;
            stepless.PhysicsStep = 0.0;
            var noStep = Assert.Throws<KinemaException>(() => Morrowind.Fall(stepless, MorrowindActor.Default, 1.0));
            StringAssert.Contains("physics_step", noStep.Message);
            var zeroed = Assert.Throws<KinemaException>(
                () => Morrowind.Fall(new MorrowindSettings(), MorrowindActor.Default, 1.0));
            StringAssert.Contains("internal_check", zeroed.Message);
        }
    }
}
