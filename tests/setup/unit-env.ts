// Unit tests read configuration through getConfig(); give them a valid one.
import { portalEnv } from './processes'

for (const [key, value] of Object.entries(portalEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))) {
	if (key !== 'PATH' && key !== 'HOME') process.env[key] = value
}
