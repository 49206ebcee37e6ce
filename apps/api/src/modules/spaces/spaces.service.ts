import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppException } from '../../common/errors/app.exception';
import { Space } from './entities/space.entity';

@Injectable()
export class SpacesService {
  constructor(@InjectRepository(Space) private readonly spaces: Repository<Space>) {}

  listForCompany(companyId: number): Promise<Space[]> {
    return this.spaces.find({ where: { companyId }, order: { isDefault: 'DESC', name: 'ASC' } });
  }

  listForUser(companyId: number, userId: number): Promise<Space[]> {
    return this.spaces
      .createQueryBuilder('s')
      .innerJoin('user_spaces', 'us', 'us."spaceId" = s.id AND us."userId" = :userId', { userId })
      .where('s."companyId" = :companyId', { companyId })
      .orderBy('s."isDefault"', 'DESC')
      .addOrderBy('s.name', 'ASC')
      .getMany();
  }

  /** Tenancy (ARCHITECTURE rule 3): another company's space is refused whatever id is sent. */
  async getForCompany(companyId: number, id: number): Promise<Space> {
    const space = await this.spaces.findOneBy({ id });
    if (!space) throw new AppException('NOT_FOUND_SPACE');
    if (space.companyId !== companyId)
      throw new AppException('FORBIDDEN', { message: 'Space of another company' });
    return space;
  }
}
