import type { EndpointName } from '../../../app/api/contract/index'
import type { Ctx, Reply } from '../http'

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>
export type Handlers<K extends EndpointName = EndpointName> = { [Name in K]: Handler }

/** "5 minutes", "1 hour", "24 hours". */
export function formatDuration(seconds: number): string {
	const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`
	if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour')
	if (seconds % 60 === 0) return unit(seconds / 60, 'minute')
	return unit(seconds, 'second')
}
