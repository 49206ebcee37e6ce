import { Module } from '@nestjs/common';
import { RolesRepository } from './roles.repository';
import { RolesResolver } from './roles.resolver';
import { RolesService } from './roles.service';
import { RolesAdminService } from './roles-admin.service';

@Module({
  providers: [RolesRepository, RolesService, RolesAdminService, RolesResolver],
  exports: [RolesService],
})
export class RolesModule {}
