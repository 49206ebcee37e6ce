import { INPUT_MESSAGES, isMediaSort, MULTIMEDIA_MESSAGES, MULTIMEDIA_PAGE_SIZE } from '@crm/shared';
import type { Logger } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import type { FileStorageService } from '../../providers/storage/file-storage.service';
import type { MediaPage } from './albums.repository';

const MAX_TAKE = 100;

export interface PageOptions {
  search?: string | null;
  order?: string | null;
  skip?: number | null;
  take?: number | null;
}

/** A page of albums or files as asked: the sort one of the media sorts, skip and take in range. */
export function pageOf(options: PageOptions): MediaPage {
  const order = options.order ?? 'creationDate';
  if (!isMediaSort(order)) throw AppException.validation('order', INPUT_MESSAGES.invalidOrder);
  const skip = options.skip ?? 0;
  const take = options.take ?? MULTIMEDIA_PAGE_SIZE;
  if (!Number.isInteger(skip) || skip < 0) throw AppException.validation('skip', INPUT_MESSAGES.invalidPage);
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE)
    throw AppException.validation('take', INPUT_MESSAGES.invalidPageSize);
  const search = (options.search ?? '').trim().toLocaleLowerCase('es').slice(0, 200);
  return { search, order, skip, take };
}

export function albumNotFound(field: string): AppException {
  return new AppException('NOT_FOUND', { field, userMessage: MULTIMEDIA_MESSAGES.albumNotFound });
}

/** The rows are gone already; an object left behind by a storage failure costs space, not correctness. */
export async function removeStoredObjects(
  storage: FileStorageService,
  logger: Logger,
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    await storage.removePrivate(key).catch((error: unknown) => {
      logger.warn(`could not remove stored file ${key}: ${String(error)}`);
    });
  }
}
