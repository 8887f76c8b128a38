// A leaf module (only `common` and `constants`), so services.ts and service-sections.ts can both use it.
import { z } from 'zod'
import { isoDateTime } from './common'
import { limits, securityProtectionKeys, serviceLimits } from './constants'

export const securityProtectionKeyEnum = z.enum(securityProtectionKeys).describe('A protection of the catalogue.')
export type SecurityProtectionKey = z.infer<typeof securityProtectionKeyEnum>

export const domainVerificationStatusEnum = z
	.enum(['unverified', 'verified', 'failed'])
	.describe(
		'unverified: not checked since the token was issued; verified: proven (see verified_at); ' +
			'failed: the last check found neither proof (see last_check).',
	)
export type DomainVerificationStatus = z.infer<typeof domainVerificationStatusEnum>

export const domainProof = {
	dnsName: (domain: string) => `_partner-verification.${domain}`,
	dnsValue: (token: string) => `partner-verification=${token}`,
	fileUrl: (domain: string) => `https://${domain}/.well-known/partner-verification.txt`,
} as const

/** Lower case, no `www.` stripping; null when not a URL. */
export const domainOf = (websiteUrl: string | null) => URL.parse(websiteUrl ?? '')?.hostname.toLowerCase() || null

export const domainCheckFindings = z
	.object({
		checked_at: isoDateTime,
		dns: z
			.object({
				found: z
					.array(z.string().max(serviceLimits.dnsValueMax))
					.describe('Every TXT value seen at the record name (none: empty).'),
				matched: z.boolean().describe('One of them is exactly the expected value.'),
			})
			.describe('The DNS TXT record check.'),
		file: z
			.object({
				status: z
					.number()
					.int()
					.nullable()
					.describe('HTTP status of the file URL; null when nothing answered (DNS or connection failure).'),
				first_line: z
					.string()
					.max(serviceLimits.fileFirstLineMax)
					.nullable()
					.describe(
						`First line of the body (trailing whitespace removed, at most ${serviceLimits.fileFirstLineMax} characters); null without a body.`,
					),
				matched: z.boolean().describe('Status 200 and the first line is exactly the token.'),
			})
			.describe('The .well-known file check.'),
	})
	.describe('What the last check found, for each way; the expected values are in `dns_record` and `file`.')

export const domainVerificationResource = z.object({
	domain: z
		.string()
		.max(serviceLimits.urlMax)
		.nullable()
		.describe('Host name of website_url, the domain being proven; null while the service has no website URL.'),
	token: z
		.string()
		.max(limits.tokenMax)
		.describe('Value of the DNS TXT record or the .well-known file; a reset issues a new one.'),
	status: domainVerificationStatusEnum,
	verified_at: isoDateTime.nullable(),
	dns_record: z
		.object({
			name: z.string().max(serviceLimits.urlMax),
			type: z.literal('TXT'),
			value: z.string().max(serviceLimits.dnsValueMax),
		})
		.nullable()
		.describe(
			'Way 1: this TXT record (`_partner-verification.<domain>`, `partner-verification=<token>`); null without a domain.',
		),
	file: z
		.object({ url: z.string().max(serviceLimits.urlMax), content: z.string().max(limits.tokenMax) })
		.nullable()
		.describe(
			'Way 2: this file (`https://<domain>/.well-known/partner-verification.txt`), content exactly the token; ' +
				'null without a domain.',
		),
	last_check: domainCheckFindings.nullable().describe('null until checked, and again after a reset.'),
})
export type DomainVerification = z.infer<typeof domainVerificationResource>
