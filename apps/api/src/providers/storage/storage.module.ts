import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { FileStorageService } from './file-storage.service';
import { LocalDiskBackend } from './local-disk.backend';
import { S3Backend } from './s3/s3.backend';
import { STORAGE_BACKEND, type StorageBackend } from './storage-backend';

/** S3 when S3_BUCKET is configured, local disk under DATA_DIR otherwise (ARCHITECTURE rule 8). */
export function storageBackendFor(config: AppConfig): StorageBackend {
  return config.s3 ? new S3Backend(config.s3) : new LocalDiskBackend(config.dataDir, config.appUrl);
}

@Global()
@Module({
  providers: [
    { provide: STORAGE_BACKEND, inject: [APP_CONFIG], useFactory: storageBackendFor },
    FileStorageService,
  ],
  exports: [FileStorageService],
})
export class StorageModule {}
