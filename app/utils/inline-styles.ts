/**
 * What the root layout writes inside its `<style>` on the server, in place of
 * the stylesheet. `entry.server.tsx` puts the stylesheet's bytes there as the
 * page leaves React (`RenderBatch`): React does not copy, measure and encode
 * 10 KB of text on every render, and the production server sends those bytes
 * compressed once at start-up (`server/router-handler.mjs`, decision 0016).
 */
export const STYLES_PLACEHOLDER = '/*inline-styles*/'
