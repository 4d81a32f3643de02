// The API's own rules (@kollab/contract), so the form and the server always agree.
export { parseVideoLink, type VideoLink } from '@kollab/contract/video-link';
