// Raw bytes to the temporary upload storage, then attached (decision 0014).
import type { ApiClient, RawFile } from './client.server'
import type { Service } from './contract/index'

export async function uploadServiceLogo(api: ApiClient, serviceId: string, file: RawFile): Promise<Service> {
	const { data: upload } = await api.call('uploadTmpFile', { file })
	const { data } = await api.call('attachServiceLogo', { params: { id: serviceId }, body: { upload_id: upload.id } })
	return data
}
