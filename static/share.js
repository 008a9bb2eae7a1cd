// Scopa Scorekeeper: sharing a game from the scoreboard. Loaded after app.js.
"use strict";
