// The API's own rules (api/src/lib/video-link.ts), so the form and the server always agree.
export { parseVideoLink, type VideoLink } from '@kollab/api/video-link';
