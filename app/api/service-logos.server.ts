/**
 * A service's logo on top of `api.call`: the file goes to the temporary upload
 * storage as raw bytes, then that upload is attached to the service (which
 * moves it to the service-logo storage); or the logo is removed.
 */
import type { ApiClient, RawFile } from './client.server'
import type { Service } from './contract/index'

/** Uploads `file` and makes it the logo of service `serviceId`; answers the service as it is now. */
export async function uploadServiceLogo(api: ApiClient, serviceId: string, file: RawFile): Promise<Service> {
	const { data: upload } = await api.call('uploadTmpFile', { file })
	const { data } = await api.call('attachServiceLogo', { params: { id: serviceId }, body: { upload_id: upload.id } })
	return data
}

/** Removes the logo of service `serviceId` (also fine when it has none). */
export async function removeServiceLogo(api: ApiClient, serviceId: string): Promise<Service> {
	return (await api.call('removeServiceLogo', { params: { id: serviceId } })).data
}
