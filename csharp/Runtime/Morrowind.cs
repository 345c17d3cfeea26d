using System.Runtime.InteropServices;

namespace Kinema
{
    /// <summary>
    /// kinema_morrowind_gmsts: the game settings (GMSTs) Morrowind's formulas read, vanilla defaults; each field is
    /// its GMST without the type letter (MinWalkSpeed is fMinWalkSpeed). Ranges: `kinema morrowind --help`.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindGmsts
    {
        public double MinWalkSpeed, MaxWalkSpeed, EncumberedMoveEffect, SneakSpeedMultiplier;
        public double MinWalkSpeedCreature, MaxWalkSpeedCreature, AthleticsRunBonus, BaseRunMultiplier;
        public double MinFlySpeed, MaxFlySpeed, SwimRunAthleticsMult, SwimRunBase, WerewolfRunMult;
        public double JumpEncumbranceBase, JumpEncumbranceMultiplier, JumpAcrobaticsBase, JumpAcroMultiplier;
        public double JumpRunMultiplier, JumpMoveBase, JumpMoveMult;
        public double FallDamageDistanceMin, FallAcroBase, FallAcroMult, FallDistanceBase, FallDistanceMult;
        public double FatigueJumpBase, FatigueJumpMult, FatigueBase, FatigueMult;
        public double EncumbranceStrMult;
    }

    /// <summary>Root-motion base speeds of the movement animations, u/s; 0 = unknown (no playback scaling).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindAnimationSpeeds
    {
        public double Walk, Run, Sneak, SwimWalk, SwimRun;
    }

    /// <summary>Gravity: the OpenMW wiki's 627.2 u/s^2 or OpenMW's code's 627.1216.</summary>
    public enum MorrowindGravity
    {
        Wiki = 0,
        OpenMW = 1
    }

    /// <summary>Midair control: uncapped (the OpenMW wiki) or capped at 1 (OpenMW's code).</summary>
    public enum MorrowindAirControl
    {
        Wiki = 0,
        OpenMW = 1
    }

    /// <summary>The real speed capped by the animation's playback (vanilla) or not (OpenMW).</summary>
    public enum MorrowindSpeedCap
    {
        Vanilla = 0,
        OpenMW = 1
    }

    /// <summary>A fall of exactly fFallDamageDistanceMin: soft (the OpenMW wiki) or damaging (OpenMW's code).</summary>
    public enum MorrowindFallThreshold
    {
        Wiki = 0,
        OpenMW = 1
    }

    /// <summary>kinema_morrowind_rules: where the OpenMW wiki and OpenMW's code differ (default: the wiki).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindRules
    {
        public MorrowindGravity Gravity;
        public MorrowindAirControl AirControl;
        public MorrowindSpeedCap SpeedCap;
        public MorrowindFallThreshold FallThreshold;
        private byte truncateBaseSpeed;

        /// <summary>Use int(base speed) as the wiki writes it; default false.</summary>
        public bool TruncateBaseSpeed
        {
            get { return truncateBaseSpeed != 0; }
            set { truncateBaseSpeed = value ? (byte)1 : (byte)0; }
        }
    }

    /// <summary>
    /// kinema_morrowind_settings: everything that configures the Morrowind model (the OpenMW research notes). Start
    /// from MorrowindSettings.Default (vanilla GMSTs, the wiki's rules) and change fields.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindSettings
    {
        public MorrowindGmsts Gmsts;
        public MorrowindAnimationSpeeds Animation;
        public MorrowindRules Rules;
        /// <summary>Cap on the animation playback rate, (0, 1e6]; default 10.</summary>
        public double MaxPlaybackScale;
        /// <summary>Fixed physics step of the jump integration, s, [1e-4, 1]; default 1/60.</summary>
        public double PhysicsStep;

        /// <summary>The C library's defaults (kinema_morrowind_settings_default).</summary>
        public static MorrowindSettings Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_morrowind_settings_default();
            }
        }
    }

    /// <summary>kinema_morrowind_actor_kind.</summary>
    public enum MorrowindActorKind
    {
        Npc = 0,
        Creature = 1
    }

    /// <summary>
    /// kinema_morrowind_actor: one actor's stats (modified values). MorrowindActor.Default: an NPC with Speed 50,
    /// Athletics 30, Acrobatics 30.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindActor
    {
        public MorrowindActorKind Kind;
        /// <summary>Speed attribute, [0, 1e6].</summary>
        public double Speed;
        public double Athletics;
        public double Acrobatics;
        /// <summary>Carried / capacity, [0, 1e6]; above 1: no movement, no jump.</summary>
        public double NormalizedEncumbrance;
        /// <summary>Current / maximum fatigue.</summary>
        public double FatigueRatio;
        /// <summary>Levitate magnitude, [0, 1e6].</summary>
        public double Levitate;
        public double SwiftSwim;
        public double JumpMagnitude;
        private byte werewolf;
        private byte flies;

        public bool Werewolf
        {
            get { return werewolf != 0; }
            set { werewolf = value ? (byte)1 : (byte)0; }
        }

        /// <summary>A creature with the Flies flag.</summary>
        public bool Flies
        {
            get { return flies != 0; }
            set { flies = value ? (byte)1 : (byte)0; }
        }

        /// <summary>The C library's default actor (kinema_morrowind_actor_default).</summary>
        public static MorrowindActor Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_morrowind_actor_default();
            }
        }
    }

    /// <summary>kinema_morrowind_stance: what the actor does this frame. Default: input (0, 1), walking.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindStance
    {
        /// <summary>x = right, y = forward, finite; its length (capped at 1) is the analog factor.</summary>
        public Vec2 Input;
        private byte run;
        private byte sneak;
        private byte swimming;
        private byte weaponReady;
        private byte incapacitated;

        public bool Run
        {
            get { return run != 0; }
            set { run = value ? (byte)1 : (byte)0; }
        }

        public bool Sneak
        {
            get { return sneak != 0; }
            set { sneak = value ? (byte)1 : (byte)0; }
        }

        public bool Swimming
        {
            get { return swimming != 0; }
            set { swimming = value ? (byte)1 : (byte)0; }
        }

        /// <summary>A weapon or spell is readied (no werewolf run bonus).</summary>
        public bool WeaponReady
        {
            get { return weaponReady != 0; }
            set { weaponReady = value ? (byte)1 : (byte)0; }
        }

        /// <summary>Paralyzed, knocked down or dead: speed 0, no jump.</summary>
        public bool Incapacitated
        {
            get { return incapacitated != 0; }
            set { incapacitated = value ? (byte)1 : (byte)0; }
        }

        /// <summary>The C library's default stance (kinema_morrowind_stance_default).</summary>
        public static MorrowindStance Default
        {
            get
            {
                Kinema.CheckLibrary();
                return NativeMethods.kinema_morrowind_stance_default();
            }
        }
    }

    /// <summary>kinema_morrowind_move_mode: how the target speed was reached.</summary>
    public enum MorrowindMoveMode
    {
        None = 0,
        Walk = 1,
        Sneak = 2,
        Run = 3,
        SwimWalk = 4,
        SwimRun = 5,
        Fly = 6
    }

    /// <summary>kinema_morrowind_speed_result: the target speed (getMaxSpeed), u/s.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindSpeed
    {
        private MorrowindMoveMode mode;
        private double walkSpeed;
        private double runSpeed;
        private double maxSpeed;
        private double speedFactor;
        private byte strafing;
        private byte werewolfBonus;
        private double moveSpeed;

        public MorrowindMoveMode Mode { get { return mode; } }
        public double WalkSpeed { get { return walkSpeed; } }
        public double RunSpeed { get { return runSpeed; } }
        /// <summary>The mode's speed.</summary>
        public double MaxSpeed { get { return maxSpeed; } }
        /// <summary>[0, 1]: the analog input's length.</summary>
        public double SpeedFactor { get { return speedFactor; } }
        /// <summary>Sideways input: speed x 0.75.</summary>
        public bool Strafing { get { return strafing != 0; } }
        public bool WerewolfBonus { get { return werewolfBonus != 0; } }
        /// <summary>MaxSpeed x SpeedFactor (x 0.75 strafing).</summary>
        public double MoveSpeed { get { return moveSpeed; } }
    }

    /// <summary>kinema_morrowind_jump_result: the jump's take-off.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindJump
    {
        private byte canJump;
        private double jumpTerm;
        private double takeOffSpeed;
        private Vec3 velocity;
        private double fatigueCost;
        private double airControl;
        private double apexHeight;
        private double airtime;

        public bool CanJump { get { return canJump != 0; } }
        /// <summary>u/s, before gravity.</summary>
        public double JumpTerm { get { return jumpTerm; } }
        /// <summary>u/s.</summary>
        public double TakeOffSpeed { get { return takeOffSpeed; } }
        /// <summary>u/s, z up.</summary>
        public Vec3 Velocity { get { return velocity; } }
        /// <summary>Fatigue points.</summary>
        public double FatigueCost { get { return fatigueCost; } }
        /// <summary>Input velocity multiplier while airborne.</summary>
        public double AirControl { get { return airControl; } }
        /// <summary>u.</summary>
        public double ApexHeight { get { return apexHeight; } }
        /// <summary>s.</summary>
        public double Airtime { get { return airtime; } }
    }

    /// <summary>kinema_morrowind_fall_result: the landing after a fall.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MorrowindFall
    {
        private byte softLanding;
        private double damageTerm;
        private double healthLoss;
        private byte knockdown;

        public bool SoftLanding { get { return softLanding != 0; } }
        public double DamageTerm { get { return damageTerm; } }
        /// <summary>Health points.</summary>
        public double HealthLoss { get { return healthLoss; } }
        public bool Knockdown { get { return knockdown != 0; } }
    }

    /// <summary>
    /// Morrowind's actor movement (docs/morrowind.md, from the OpenMW research notes): the target speed, the jump
    /// and the fall, `kinema morrowind speed|jump|fall`. Units are Morrowind units (64 u = 1 yard) and u/s. Nothing
    /// allocates; a failing call throws KinemaException.
    /// </summary>
    public static class Morrowind
    {
        /// <summary>The target speed of `actor` in `stance`.</summary>
        public static MorrowindSpeed Speed(MorrowindSettings settings, MorrowindActor actor, MorrowindStance stance)
        {
            Kinema.CheckLibrary();
            MorrowindSpeed speed;
            KinemaException.Check(NativeMethods.kinema_morrowind_speed(ref settings, ref actor, ref stance, out speed));
            return speed;
        }

        /// <summary>Jump take-off along `direction` (the wanted ground movement, any length; 0 = standing).</summary>
        public static MorrowindJump Jump(MorrowindSettings settings, MorrowindActor actor, MorrowindStance stance,
                                         Vec2 direction)
        {
            Kinema.CheckLibrary();
            MorrowindJump jump;
            KinemaException.Check(
                NativeMethods.kinema_morrowind_jump(ref settings, ref actor, ref stance, direction, out jump));
            return jump;
        }

        /// <summary>Landing after falling `height` u ([0, 1e9]).</summary>
        public static MorrowindFall Fall(MorrowindSettings settings, MorrowindActor actor, double height)
        {
            Kinema.CheckLibrary();
            MorrowindFall fall;
            KinemaException.Check(NativeMethods.kinema_morrowind_fall(ref settings, ref actor, height, out fall));
            return fall;
        }
    }
}
