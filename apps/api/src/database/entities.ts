import { Job } from '../jobs/job.entity';
import { EmailVerification } from '../modules/auth/entities/email-verification.entity';
import { PasswordResetToken } from '../modules/auth/entities/password-reset-token.entity';
import { RateLimitBucket } from '../modules/auth/entities/rate-limit-bucket.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { Category } from '../modules/categories/entities/category.entity';
import { Channel } from '../modules/channels/entities/channel.entity';
import { Client } from '../modules/clients/entities/client.entity';
import { Company } from '../modules/companies/entities/company.entity';
import { ClientInfo } from '../modules/datasheet/entities/client-info.entity';
import { DatasheetField } from '../modules/datasheet/entities/datasheet-field.entity';
import { FollowUpMessage } from '../modules/follow-ups/entities/follow-up-message.entity';
import { Location } from '../modules/locations/entities/location.entity';
import { Message } from '../modules/messages/entities/message.entity';
import { Album } from '../modules/multimedia/entities/album.entity';
import { AlbumFile } from '../modules/multimedia/entities/album-file.entity';
import { QuickAnswer } from '../modules/quick-answers/entities/quick-answer.entity';
import { Permission } from '../modules/roles/entities/permission.entity';
import { Role } from '../modules/roles/entities/role.entity';
import { ChannelSlot } from '../modules/sandbox/entities/channel-slot.entity';
import { Space } from '../modules/spaces/entities/space.entity';
import { SurveyConfig } from '../modules/surveys/entities/survey-config.entity';
import { ClientTag } from '../modules/tags/entities/client-tag.entity';
import { Tag } from '../modules/tags/entities/tag.entity';
import { WhatsappTemplate } from '../modules/templates/entities/whatsapp-template.entity';
import { User } from '../modules/users/entities/user.entity';
import { UserWorkingHours } from '../modules/users/entities/user-working-hours.entity';
import { DevOutboxMail } from '../providers/mail/dev-outbox-mail.entity';

export const ENTITIES = [
  Company,
  Permission,
  Role,
  User,
  Space,
  Location,
  Category,
  Session,
  RateLimitBucket,
  EmailVerification,
  PasswordResetToken,
  DevOutboxMail,
  Channel,
  Client,
  Message,
  Job,
  Tag,
  ClientTag,
  DatasheetField,
  ClientInfo,
  FollowUpMessage,
  QuickAnswer,
  WhatsappTemplate,
  SurveyConfig,
  Album,
  AlbumFile,
  ChannelSlot,
  UserWorkingHours,
];
