namespace Kinema
{

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
