/**
 * Every zod schema, enum and body type of the provider contract in one import, for the discovery
 * routes and the portal. The definitions live in focused modules beside this file.
 */
export * from './enums.ts';
export * from './raw-endpoints.ts';
export * from './raw-schemas.ts';
export * from './report-schemas.ts';
export * from './response-schemas.ts';
export * from './search-schemas.ts';
