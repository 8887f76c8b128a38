import type { ServiceLogo as Logo } from '#app/api/contract/services'

type ServiceLogoProps = {
	logo: Logo | null
	name: string
	size?: 48 | 64 | 128
	/** The image's text where it is the point (the logo form); beside the name it repeats, so none. */
	alt?: string
}

/** Decorative beside the name (it adds nothing to read out); without a logo, its first letter. */
export function ServiceLogo({ logo, name, size = 48, alt = '' }: ServiceLogoProps) {
	if (!logo) {
		return (
			<span className={`service-logo service-logo--placeholder service-logo--${size}`} aria-hidden="true">
				{Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
			</span>
		)
	}
	return <img className={`service-logo service-logo--${size}`} src={logo.url} alt={alt} width={size} height={size} />
}
