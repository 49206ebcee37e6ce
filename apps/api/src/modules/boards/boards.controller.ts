import { type BoardSummary, type BoardView, INPUT_MESSAGES } from '@crm/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { BoardsService } from './boards.service';
import {
  AddBoardItemInput,
  CreateBoardInput,
  MoveBoardItemInput,
  UpdateBoardInput,
  UpdateBoardItemInput,
} from './dto/board.input';

const id = (field: string) => new ParseIdPipe(field, INPUT_MESSAGES.invalidValue);

/**
 * Boards (issue 21; 02 §7 the board routes, under /api). Guarded like the /boards screens (02 §2: readChat or
 * agent); the board's own rules (owner, member, guest, superadmin) and the company's isBoardsActive are the service's.
 * The card routes are ours: the spec leaves them open.
 */
@ApiTags('boards')
@ApiSignedIn()
@RequirePermissions('readChat', 'agent')
@Controller('boards')
export class BoardsController {
  constructor(private readonly boards: BoardsService) {}

  @ApiOperation({
    summary: 'Boards a user of the company may see (the caller, or any user for a superadmin)',
  })
  @ApiErrors(400)
  @Get('user/:id/company/:companyId')
  byUserAndCompany(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) userId: number,
    @Param('companyId', id('companyId')) companyId: number,
  ): Promise<BoardSummary[]> {
    return this.boards.listForUser(user, userId, companyId);
  }

  @ApiOperation({
    summary: 'Boards a user may see (the caller, or any user of the company for a superadmin)',
  })
  @ApiErrors(400)
  @Get('user/:id')
  byUser(@CurrentUser() user: AuthUser, @Param('id', id('id')) userId: number): Promise<BoardSummary[]> {
    return this.boards.listForUser(user, userId);
  }

  @ApiOperation({ summary: "The caller's boards of their company (all of them for a superadmin)" })
  @ApiErrors(400)
  @Get('company/:companyId')
  byCompany(
    @CurrentUser() user: AuthUser,
    @Param('companyId', id('companyId')) companyId: number,
  ): Promise<BoardSummary[]> {
    return this.boards.listForCompany(user, companyId);
  }

  @ApiOperation({ summary: 'A board with its columns, cards and totals' })
  @ApiErrors(400, 404)
  @Get(':id')
  one(@CurrentUser() user: AuthUser, @Param('id', id('id')) boardId: number): Promise<BoardView> {
    return this.boards.view(user, boardId);
  }

  @ApiOperation({ summary: 'Create a board owned by the caller' })
  @ApiErrors(400)
  @Post()
  create(@CurrentUser() user: AuthUser, @Body() input: CreateBoardInput): Promise<BoardView> {
    return this.boards.create(user, input);
  }

  @ApiOperation({
    summary: 'Change a board: name, description, columns (full ordered list), members and guests',
  })
  @ApiErrors(400, 404)
  @Put(':id')
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) boardId: number,
    @Body() input: UpdateBoardInput,
  ): Promise<BoardView> {
    return this.boards.update(user, boardId, input);
  }

  @ApiOperation({ summary: 'Delete a board (owner or superadmin)' })
  @ApiErrors(400, 404)
  @Delete(':id')
  remove(@CurrentUser() user: AuthUser, @Param('id', id('id')) boardId: number): Promise<{ id: number }> {
    return this.boards.remove(user, boardId);
  }

  @ApiOperation({ summary: 'Add a contact of the company to a column of the board' })
  @ApiErrors(400, 404)
  @Post(':id/items')
  addItem(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) boardId: number,
    @Body() input: AddBoardItemInput,
  ): Promise<BoardView> {
    return this.boards.addItem(user, boardId, input);
  }

  @ApiOperation({ summary: "Change a card's amount" })
  @ApiErrors(400, 404)
  @Put(':id/items/:itemId')
  updateItem(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) boardId: number,
    @Param('itemId', id('itemId')) itemId: number,
    @Body() input: UpdateBoardItemInput,
  ): Promise<BoardView> {
    return this.boards.updateItem(user, boardId, itemId, input);
  }

  @ApiOperation({ summary: 'Move a card to a column and place (server-ordered)' })
  @ApiErrors(400, 404)
  @Post(':id/items/:itemId/move')
  @HttpCode(200)
  moveItem(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) boardId: number,
    @Param('itemId', id('itemId')) itemId: number,
    @Body() input: MoveBoardItemInput,
  ): Promise<BoardView> {
    return this.boards.moveItem(user, boardId, itemId, input);
  }

  @ApiOperation({ summary: 'Take a card off the board (the contact stays)' })
  @ApiErrors(400, 404)
  @Delete(':id/items/:itemId')
  removeItem(
    @CurrentUser() user: AuthUser,
    @Param('id', id('id')) boardId: number,
    @Param('itemId', id('itemId')) itemId: number,
  ): Promise<BoardView> {
    return this.boards.removeItem(user, boardId, itemId);
  }
}
