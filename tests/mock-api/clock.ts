/**
 * The mock's one clock: real time plus an offset that `POST /__mock/clock`
 * moves forward. Every expiry, TOTP step, lockout and resend interval reads it.
 */
export class MockClock {
	constructor(public offsetMs = 0) {}

	now(): number {
		return Date.now() + this.offsetMs
	}

	iso(at = this.now()): string {
		return new Date(at).toISOString()
	}

	advance(seconds: number): number {
		this.offsetMs += Math.round(seconds * 1000)
		return this.now()
	}
}
