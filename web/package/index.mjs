// The ES module face of index.js (one implementation: the same module instance for import and require).
import kinema from "./index.js";

export const {
    init,
    version,
    floodSettingsDefault,
    navSettingsDefault,
    pursuerSettingsDefault,
    eventBit,
    defaultConnectivity,
    Space,
    Flood,
    Pursuer,
} = kinema;
export default kinema;
