// Every shared singleton is eager in the host (shared/build/webpack.mjs), so the shell starts
// at once: no async boundary, no second round trip before the first render.
import './bootstrap';
