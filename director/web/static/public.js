// The public live view (/live), for players' and spectators' phones: the live parts only
// (live.js), over the public stream; no controls.
"use strict";

import { startLive } from "./live.js";

document.addEventListener("DOMContentLoaded", () => startLive("/live/events"));
