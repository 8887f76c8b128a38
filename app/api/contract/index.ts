/**
 * The partner API contract: zod schemas of every request and response, the
 * enumerations, and the endpoint table. Pure and isomorphic.
 */
export * from './common'
export * from './auth'
export * from './users'
export * from './two-step'
export * from './identity'
export * from './contact'
export * from './services'
export * from './service-parts'
export * from './service-sections'
export * from './webhooks'
export * from './webhook-deliveries'
export * from './webhook-events'
export * from './activity'
export * from './webhook-recovery'
export * from './images'
export * from './endpoints'
export * from './emails'
