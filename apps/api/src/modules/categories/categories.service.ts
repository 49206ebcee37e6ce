import { categoryNameError, collapseSpaces, NAMED_LIST_MESSAGES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { CategoriesRepository } from './categories.repository';
import type { CategoryModel } from './models/category.model';

/** As for tags: the newest conversations of a renamed or deleted category get a fresh view, not all of them. */
const REFRESH_LIMIT = 200;

export function cleanCategoryName(raw: string): string {
  const error = categoryNameError(raw);
  if (error) throw AppException.validation('name', error);
  return collapseSpaces(raw);
}

const DUPLICATED = NAMED_LIST_MESSAGES.categoryTaken;

/** 02 §3 Category: the company's list that conversations are filed under (issue 6 administration). */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  list(companyId: number): Promise<CategoryModel[]> {
    return this.categories.list(companyId);
  }

  private async own(user: AuthUser, id: number): Promise<void> {
    if ((await this.categories.companyOf(id)) !== user.companyId) {
      throw AppException.validation('id', NAMED_LIST_MESSAGES.categoryNotFound);
    }
  }

  async create(user: AuthUser, rawName: string): Promise<CategoryModel> {
    const name = cleanCategoryName(rawName);
    const saved = await this.categories.create(user.companyId, name);
    if (!saved) throw AppException.validation('name', DUPLICATED);
    return saved;
  }

  async update(user: AuthUser, id: number, rawName: string): Promise<CategoryModel> {
    await this.own(user, id);
    const name = cleanCategoryName(rawName);
    const saved = await this.categories.rename(user.companyId, id, name);
    if (!saved) throw AppException.validation('name', DUPLICATED);
    await this.refresh(await this.categories.conversationIds(user.companyId, id, REFRESH_LIMIT));
    return saved;
  }

  /** The category's conversations stay, uncategorised. */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    const ids = await this.categories.conversationIds(user.companyId, id, REFRESH_LIMIT);
    await this.categories.delete(user.companyId, id);
    await this.refresh(ids);
    return true;
  }

  private async refresh(clientIds: number[]): Promise<void> {
    for (const view of await this.clients.views(clientIds)) {
      this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'category' });
    }
  }
}
