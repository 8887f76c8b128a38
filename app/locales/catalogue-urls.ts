import account from './en-GB/account.json?url'
import auth from './en-GB/auth.json?url'
import common from './en-GB/common.json?url'
import services from './en-GB/services.json?url'
import validation from './en-GB/validation.json?url'
import type { Namespace } from './index'

/**
 * Where the browser fetches each namespace of the en-GB catalogue: JSON
 * files with a content hash in their name, cached for a year, instead of
 * the strings riding in the JavaScript of every page (issue 13). The root
 * preloads them; `entry.client.tsx` reads them before it hydrates.
 */
export const catalogueUrls: Record<Namespace, string> = { common, validation, auth, account, services }
