/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ReportRecipients {\n    reports {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": typeof types.ReportRecipientsDocument,
    "\n  mutation CreateReport($input: CreateReportInput!) {\n    createReport(input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": typeof types.CreateReportDocument,
    "\n  mutation UpdateReport($id: Int!, $input: UpdateReportInput!) {\n    updateReport(id: $id, input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": typeof types.UpdateReportDocument,
    "\n  mutation DeleteReports($emails: [String!]!) {\n    deleteManyReports(emails: $emails)\n  }\n": typeof types.DeleteReportsDocument,
    "\n  fragment BotCompanySettingsFields on CompanySettings {\n    isBotAutoAssignActive\n    isBotActiveAfterDay\n    isBotAutoAssignActiveAfterDay\n    isWelcomeMessageActive\n    sentClientSurveyByDefault\n    disableBotTagIds\n  }\n": typeof types.BotCompanySettingsFieldsFragmentDoc,
    "\n  query BotCompanySettings {\n    companySettings {\n      ...BotCompanySettingsFields\n    }\n  }\n": typeof types.BotCompanySettingsDocument,
    "\n  mutation BotUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...BotCompanySettingsFields\n    }\n  }\n": typeof types.BotUpdateCompanySettingsDocument,
    "\n  query BotChatbotMenu($channelId: Int!) {\n    chatbotMenu(channelId: $channelId) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n": typeof types.BotChatbotMenuDocument,
    "\n  mutation BotSaveChatbotMenu($channelId: Int!, $menu: JSON!) {\n    saveChatbotMenu(channelId: $channelId, menu: $menu) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n": typeof types.BotSaveChatbotMenuDocument,
    "\n  mutation BotDeleteChatbotMenu($channelId: Int!) {\n    deleteChatbotMenu(channelId: $channelId)\n  }\n": typeof types.BotDeleteChatbotMenuDocument,
    "\n  fragment BotFollowUpConfig on MessageBotConfig {\n    id\n    channelId\n    content\n    isActive\n    timeLapseInSeconds\n    templateId\n    templateName\n    variables\n  }\n": typeof types.BotFollowUpConfigFragmentDoc,
    "\n  query BotFollowUpConfigs($channelId: Int!) {\n    messageBotConfigs(channelId: $channelId) {\n      ...BotFollowUpConfig\n    }\n  }\n": typeof types.BotFollowUpConfigsDocument,
    "\n  mutation BotCreateFollowUpConfig($input: CreateMessageBotConfigInput!) {\n    createMessageBotConfig(input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n": typeof types.BotCreateFollowUpConfigDocument,
    "\n  mutation BotUpdateFollowUpConfig($id: Int!, $input: UpdateMessageBotConfigInput!) {\n    updateMessageBotConfig(id: $id, input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n": typeof types.BotUpdateFollowUpConfigDocument,
    "\n  mutation BotDeleteFollowUpConfig($id: Int!) {\n    deleteMessageBotConfig(id: $id)\n  }\n": typeof types.BotDeleteFollowUpConfigDocument,
    "\n  query BotChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      useChatbot\n    }\n  }\n": typeof types.BotChannelsDocument,
    "\n  mutation BotSetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      id\n      useChatbot\n    }\n  }\n": typeof types.BotSetChannelChatbotDocument,
    "\n  query BotDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n    }\n  }\n": typeof types.BotDatasheetFieldsDocument,
    "\n  query BotTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": typeof types.BotTagsDocument,
    "\n  query BotAgents {\n    agents {\n      id\n      name\n    }\n  }\n": typeof types.BotAgentsDocument,
    "\n  query BotSpaces {\n    spaces {\n      id\n      name\n    }\n  }\n": typeof types.BotSpacesDocument,
    "\n  query BotAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n": typeof types.BotAcceptedTemplatesDocument,
    "\n  fragment BotSurveyConfig on SurveyConfig {\n    id\n    channelId\n    initText\n    isActive\n    options {\n      id\n      text\n      value\n      index\n      endText\n    }\n  }\n": typeof types.BotSurveyConfigFragmentDoc,
    "\n  query BotSurveyConfigs {\n    surveyConfigs {\n      ...BotSurveyConfig\n    }\n  }\n": typeof types.BotSurveyConfigsDocument,
    "\n  mutation BotCreateSurveyConfig($input: CreateSurveyInput!) {\n    createSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n": typeof types.BotCreateSurveyConfigDocument,
    "\n  mutation BotUpdateSurveyConfig($input: UpdateSurveyInput!) {\n    updateSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n": typeof types.BotUpdateSurveyConfigDocument,
    "\n  fragment BotWelcomeMessage on WelcomeMessage {\n    id\n    channelId\n    text\n    isActive\n    useInWorkingHours\n    templateId\n    variables\n  }\n": typeof types.BotWelcomeMessageFragmentDoc,
    "\n  query BotWelcomeMessages($channelId: Int!) {\n    welcomeMessages(channelId: $channelId) {\n      ...BotWelcomeMessage\n    }\n  }\n": typeof types.BotWelcomeMessagesDocument,
    "\n  mutation BotCreateWelcomeMessage($input: CreateWelcomeMessageInput!) {\n    createWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n": typeof types.BotCreateWelcomeMessageDocument,
    "\n  mutation BotUpdateWelcomeMessage($input: UpdateWelcomeMessageInput!) {\n    updateWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n": typeof types.BotUpdateWelcomeMessageDocument,
    "\n  query CampaignChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      qualityRating\n      currentLimit\n    }\n  }\n": typeof types.CampaignChannelsDocument,
    "\n  query CampaignTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      language\n      status\n      category\n      channelId\n      components\n    }\n  }\n": typeof types.CampaignTemplatesDocument,
    "\n  fragment CompanySettingsFields on CompanySettings {\n    isWelcomeMessageActive\n    isAgentNameInMessageActive\n    canUnarchiveConversations\n    canReturnInboxConversation\n    isBotAutoAssignActive\n    isBotAutoAssignActiveAfterDay\n    isBotActiveAfterDay\n    forceActiveAgentsReassignation\n    automaticAssignment\n    showClientCloseOption\n    sentClientSurveyByDefault\n    archiveClosedClientByDefault\n    isShowActiveAgents\n    includeAdsTags\n    isShowGroupsAtReassign\n    templateLanguage\n  }\n": typeof types.CompanySettingsFieldsFragmentDoc,
    "\n  query ConfigCompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n": typeof types.ConfigCompanySettingsDocument,
    "\n  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n": typeof types.ConfigUpdateCompanySettingsDocument,
    "\n  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {\n    updateCompanyProfile(input: $input) {\n      id\n      name\n      timezone\n    }\n  }\n": typeof types.ConfigUpdateCompanyProfileDocument,
    "\n  query ConfigLocations {\n    locations {\n      id\n      name\n      userCount\n    }\n  }\n": typeof types.ConfigLocationsDocument,
    "\n  mutation ConfigCreateLocation($input: LocationInput!) {\n    createLocation(input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigCreateLocationDocument,
    "\n  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {\n    updateLocation(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigUpdateLocationDocument,
    "\n  mutation ConfigDeleteLocation($id: Int!) {\n    deleteLocation(id: $id)\n  }\n": typeof types.ConfigDeleteLocationDocument,
    "\n  query ConfigCategories {\n    categories {\n      id\n      name\n    }\n  }\n": typeof types.ConfigCategoriesDocument,
    "\n  mutation ConfigCreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigCreateCategoryDocument,
    "\n  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigUpdateCategoryDocument,
    "\n  mutation ConfigDeleteCategory($id: Int!) {\n    deleteCategory(id: $id)\n  }\n": typeof types.ConfigDeleteCategoryDocument,
    "\n  query ConfigDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n": typeof types.ConfigDatasheetFieldsDocument,
    "\n  mutation ConfigCreateDatasheetField($input: DatasheetFieldInputModel!) {\n    createDatasheetField(input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigCreateDatasheetFieldDocument,
    "\n  mutation ConfigUpdateDatasheetField($id: Int!, $input: DatasheetFieldInputModel!) {\n    updateDatasheetField(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigUpdateDatasheetFieldDocument,
    "\n  query ConfigRoles {\n    roles {\n      id\n      name\n      permissions\n      userCount\n      isSuperadmin\n      isAdmin\n    }\n  }\n": typeof types.ConfigRolesDocument,
    "\n  mutation ConfigCreateRole($input: RoleInput!) {\n    createRole(input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigCreateRoleDocument,
    "\n  mutation ConfigUpdateRole($id: Int!, $input: RoleInput!) {\n    updateRole(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigUpdateRoleDocument,
    "\n  mutation ConfigDeleteRole($id: Int!) {\n    deleteRole(id: $id)\n  }\n": typeof types.ConfigDeleteRoleDocument,
    "\n  query ConfigTags {\n    tags {\n      id\n      name\n      color\n      isDefault\n      clientCount\n    }\n  }\n": typeof types.ConfigTagsDocument,
    "\n  mutation ConfigCreateTag($input: TagInput!) {\n    createTag(input: $input) {\n      id\n    }\n  }\n": typeof types.ConfigCreateTagDocument,
    "\n    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {\n      updateTag(id: $id, input: $input) {\n        id\n      }\n    }\n  ": typeof types.ConfigUpdateTagDocument,
    "\n  mutation ConfigDeleteTag($id: Int!) {\n    deleteTag(id: $id)\n  }\n": typeof types.ConfigDeleteTagDocument,
    "\n  mutation CreateContact($input: CreateClientInput!) {\n    createClient(input: $input) {\n      id\n      senderId\n      name\n    }\n  }\n": typeof types.CreateContactDocument,
    "\n  mutation UpdateContactPhone($clientId: Int!, $phone: String!) {\n    updateClientPhone(clientId: $clientId, phone: $phone) {\n      id\n      senderId\n    }\n  }\n": typeof types.UpdateContactPhoneDocument,
    "\n  fragment ConversationViewFields on Conversation {\n    id\n    companyId\n    key\n    senderId\n    name\n    nameFromChannel\n    cleanedName\n    imageUrl\n    priority\n    unreadMessages\n    answered\n    isArchived\n    isBroadcastMessage\n    isConversationValuable\n    hasFollowUpMessage\n    isClosed\n    agentId\n    agent {\n      id\n      name\n      imageUrl\n    }\n    groupAdminId\n    tags {\n      id\n      name\n      color\n    }\n    category {\n      id\n      name\n    }\n    lastMessageId\n    lastMessage\n    lastMessageStatus\n    lastMessageSender\n    lastUpdate\n    createdAt\n    windowRemainingTime\n    windowExpiresAt\n    channel {\n      id\n      name\n      platform\n      phone\n    }\n  }\n": typeof types.ConversationViewFieldsFragmentDoc,
    "\n  query InboxConversation($clientId: Int!) {\n    conversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.InboxConversationDocument,
    "\n  mutation InboxMarkConversationRead($clientId: Int!) {\n    markConversationRead(clientId: $clientId)\n  }\n": typeof types.InboxMarkConversationReadDocument,
    "\n  query InboxFilterTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": typeof types.InboxFilterTagsDocument,
    "\n  query InboxFilterAgents {\n    agents {\n      id\n      name\n    }\n  }\n": typeof types.InboxFilterAgentsDocument,
    "\n  query InboxFilterChannels {\n    inboxChannels {\n      id\n      name\n      platform\n    }\n  }\n": typeof types.InboxFilterChannelsDocument,
    "\n  query PanelTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": typeof types.PanelTagsDocument,
    "\n  query PanelAgents {\n    agents {\n      id\n      name\n      isAvailable\n      roleName\n      isAgent\n    }\n  }\n": typeof types.PanelAgentsDocument,
    "\n  query ReassignSettings {\n    reassignSettings {\n      showAvailability\n      onlyAvailable\n      showGroups\n    }\n  }\n": typeof types.ReassignSettingsDocument,
    "\n  query PanelCategories {\n    categories {\n      id\n      name\n    }\n  }\n": typeof types.PanelCategoriesDocument,
    "\n  query PanelDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n": typeof types.PanelDatasheetFieldsDocument,
    "\n  query PanelClientInfos($clientId: Int!) {\n    clientInfos(clientId: $clientId) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n": typeof types.PanelClientInfosDocument,
    "\n  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {\n    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n": typeof types.PanelSaveClientInfoDocument,
    "\n  fragment PanelFollowUp on FollowUpMessage {\n    id\n    clientId\n    channelId\n    agentId\n    agentName\n    content\n    sendAt\n    templateId\n    templateName\n    variables\n    file\n    status\n    failureReason\n  }\n": typeof types.PanelFollowUpFragmentDoc,
    "\n  query PanelFollowUps($clientId: Int!) {\n    followUpMessages(clientId: $clientId) {\n      ...PanelFollowUp\n    }\n  }\n": typeof types.PanelFollowUpsDocument,
    "\n  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {\n    createFollowUpMessage(clientId: $clientId, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n": typeof types.PanelCreateFollowUpDocument,
    "\n  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {\n    updateFollowUpMessage(id: $id, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n": typeof types.PanelUpdateFollowUpDocument,
    "\n    mutation PanelDeleteFollowUp($id: Int!) {\n      deleteFollowUpMessage(id: $id)\n    }\n  ": typeof types.PanelDeleteFollowUpDocument,
    "\n  query PanelAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n": typeof types.PanelAcceptedTemplatesDocument,
    "\n  query PanelRecentMessages($clientId: Int!) {\n    messages(clientId: $clientId, first: 30) {\n      id\n      content\n      type\n      time\n      sender\n    }\n  }\n": typeof types.PanelRecentMessagesDocument,
    "\n  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {\n    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {\n      id\n    }\n  }\n": typeof types.PanelForwardMessagesDocument,
    "\n  mutation PanelRename($clientId: Int!, $name: String!) {\n    renameConversation(clientId: $clientId, name: $name) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelRenameDocument,
    "\n  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {\n    addTagToConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelAddTagDocument,
    "\n  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {\n    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelRemoveTagDocument,
    "\n  mutation PanelMarkCold($clientId: Int!) {\n    markConversationCold(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelMarkColdDocument,
    "\n  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {\n    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelSetCategoryDocument,
    "\n  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {\n    setConversationArchived(clientId: $clientId, archived: $archived) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelSetArchivedDocument,
    "\n  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {\n    setConversationValuable(clientId: $clientId, valuable: $valuable) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelSetValuableDocument,
    "\n  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {\n    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelSetFollowUpFlagDocument,
    "\n    mutation PanelMarkUnread($clientId: Int!) {\n      markConversationUnread(clientId: $clientId)\n    }\n  ": typeof types.PanelMarkUnreadDocument,
    "\n  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {\n    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {\n      client {\n        ...ConversationViewFields\n      }\n      surveySent\n    }\n  }\n": typeof types.PanelCloseDocument,
    "\n  mutation PanelReopen($clientId: Int!) {\n    reopenConversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": typeof types.PanelReopenDocument,
    "\n  query PanelCloseOptions($clientId: Int!) {\n    closeOptions(clientId: $clientId) {\n      canClose\n      surveyAvailable\n      surveyByDefault\n    }\n  }\n": typeof types.PanelCloseOptionsDocument,
    "\n  fragment WindowMessageFields on Message {\n    id\n    clientId\n    channelId\n    type\n    content\n    sender\n    senderUserId\n    messageStatus\n    messageApiId\n    errorCode\n    errorInfo\n    quotedMsgId\n    quotedMsgBody\n    quotedMsgType\n    seen\n    payload\n    fakeId\n    editedAt\n    time\n    createdAt\n  }\n": typeof types.WindowMessageFieldsFragmentDoc,
    "\n  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {\n    messages(clientId: $clientId, skip: $skip, first: $first) {\n      ...WindowMessageFields\n    }\n  }\n": typeof types.WindowMessagesDocument,
    "\n  mutation WindowSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      ...WindowMessageFields\n    }\n  }\n": typeof types.WindowSendMessageDocument,
    "\n    query WindowQuickAnswers {\n      quickAnswers {\n        id\n        shortcut\n        text\n        file\n      }\n    }\n  ": typeof types.WindowQuickAnswersDocument,
    "\n  mutation WindowUseQuickAnswer($id: Int!) {\n    useQuickAnswer(id: $id) {\n      id\n    }\n  }\n": typeof types.WindowUseQuickAnswerDocument,
    "\n  query WindowWhatsappTemplates($channelId: Int!, $status: String) {\n    whatsappTemplates(channelId: $channelId, status: $status) {\n      id\n      name\n      language\n      status\n      components\n      variables\n    }\n  }\n": typeof types.WindowWhatsappTemplatesDocument,
    "\n  fragment AlbumFields on Album {\n    id\n    name\n    spaceId\n    parentId\n    parentName\n    isRoot\n    createdAt\n    albumsCount\n    filesCount\n    coverFileId\n  }\n": typeof types.AlbumFieldsFragmentDoc,
    "\n  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {\n    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        ...AlbumFields\n      }\n    }\n  }\n": typeof types.MultimediaAlbumsDocument,
    "\n  query MultimediaAlbum($id: Int!) {\n    album(id: $id) {\n      ...AlbumFields\n    }\n  }\n": typeof types.MultimediaAlbumDocument,
    "\n  query MultimediaAlbumFiles($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {\n    albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        id\n        albumId\n        name\n        fileType\n        mimeType\n        url\n        weight\n        isExternal\n        createdAt\n      }\n    }\n  }\n": typeof types.MultimediaAlbumFilesDocument,
    "\n  mutation CreateOnboardingInProcess($email: String!) {\n    createOnboardingInProcess(email: $email) {\n      id\n      email\n      name\n      step\n    }\n  }\n": typeof types.CreateOnboardingInProcessDocument,
    "\n  query AdminQuickAnswers($spaceId: Int, $order: String!, $search: String) {\n    quickAnswers(spaceId: $spaceId, order: $order, search: $search) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n": typeof types.AdminQuickAnswersDocument,
    "\n  query AdminQuickAnswer($id: Int!) {\n    quickAnswer(id: $id) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n": typeof types.AdminQuickAnswerDocument,
    "\n  mutation AdminDeleteQuickAnswer($id: Int!) {\n    deleteQuickAnswer(id: $id) {\n      id\n    }\n  }\n": typeof types.AdminDeleteQuickAnswerDocument,
    "query Me {\n  me {\n    __typename\n    id\n    name\n    email\n    imageUrl\n    isAvailable\n    rol {\n      __typename\n      id\n      name\n    }\n    permissions\n    company {\n      __typename\n      id\n      name\n      status\n      expirationDate\n      paymentIntents\n      paymentMethod\n      isBoardsActive\n      hasUsed2FA\n      isCustomPayment\n      timezone\n      analyticsRangeDays\n    }\n    spaces {\n      __typename\n      id\n      name\n      isDefault\n    }\n    selectedSpaceId\n    isAdminOfIds\n    spaceChannelIds\n  }\n}": typeof types.MeDocument,
    "\n  mutation SetAvailability($isAvailable: Boolean!) {\n    setAvailability(isAvailable: $isAvailable) {\n      id\n      isAvailable\n    }\n  }\n": typeof types.SetAvailabilityDocument,
    "\n  fragment AdminChannelFields on Channel {\n    id\n    name\n    platform\n    phone\n    pageId\n    imageUrl\n    isActive\n    useChatbot\n    expiresAt\n    slotStatus\n    spaceIds\n  }\n": typeof types.AdminChannelFieldsFragmentDoc,
    "\n  query SpacesAdmin {\n    spaces {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n        name\n        platform\n        isActive\n      }\n    }\n    channels {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.SpacesAdminDocument,
    "\n  query SpaceFormChannels {\n    channels {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.SpaceFormChannelsDocument,
    "\n  query EditedSpace($id: Int!) {\n    space(id: $id) {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n      }\n    }\n  }\n": typeof types.EditedSpaceDocument,
    "\n  mutation ActivateChannel($id: Int!) {\n    activateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.ActivateChannelDocument,
    "\n  mutation DeactivateChannel($id: Int!) {\n    deactivateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.DeactivateChannelDocument,
    "\n  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.SetChannelChatbotDocument,
    "\n  mutation RenameChannel($id: Int!, $name: String!) {\n    renameChannel(id: $id, name: $name) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.RenameChannelDocument,
    "\n  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {\n    connectSmsChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.ConnectSmsChannelDocument,
    "\n  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {\n    connectDialog360Channel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.ConnectDialog360ChannelDocument,
    "\n  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {\n    connectWhatsappCloudChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": typeof types.ConnectWhatsappCloudChannelDocument,
    "\n  mutation SelectSpace($spaceId: Int!) {\n    selectSpace(spaceId: $spaceId) {\n      id\n      selectedSpaceId\n    }\n  }\n": typeof types.SelectSpaceDocument,
    "\n  fragment TeamUserFields on TeamUser {\n    id\n    name\n    email\n    phone\n    imageUrl\n    isAvailable\n    rol { id name }\n    spaces { id name }\n    isAdminOfIds\n    workingHours { timezone isActive days { day isActive start end } }\n    location { id name }\n    categories { id name }\n    createdAt\n    canManage\n  }\n": typeof types.TeamUserFieldsFragmentDoc,
    "\n  query Team {\n    teamUsers { ...TeamUserFields }\n    teamLimits { users admins usersLimit adminsLimit }\n  }\n": typeof types.TeamDocument,
    "\n  query TeamForm {\n    teamFormOptions {\n      roles { id name }\n      spaces { id name }\n      locations { id name }\n      categories { id name }\n      timezone\n    }\n    teamUsers { ...TeamUserFields }\n  }\n": typeof types.TeamFormDocument,
    "\n  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {\n    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ...TeamUserFields }\n  }\n": typeof types.UpdateUserAvailabilityDocument,
    "\n  query TemplateChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n    }\n  }\n": typeof types.TemplateChannelsDocument,
};
const documents: Documents = {
    "\n  query ReportRecipients {\n    reports {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": types.ReportRecipientsDocument,
    "\n  mutation CreateReport($input: CreateReportInput!) {\n    createReport(input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": types.CreateReportDocument,
    "\n  mutation UpdateReport($id: Int!, $input: UpdateReportInput!) {\n    updateReport(id: $id, input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n": types.UpdateReportDocument,
    "\n  mutation DeleteReports($emails: [String!]!) {\n    deleteManyReports(emails: $emails)\n  }\n": types.DeleteReportsDocument,
    "\n  fragment BotCompanySettingsFields on CompanySettings {\n    isBotAutoAssignActive\n    isBotActiveAfterDay\n    isBotAutoAssignActiveAfterDay\n    isWelcomeMessageActive\n    sentClientSurveyByDefault\n    disableBotTagIds\n  }\n": types.BotCompanySettingsFieldsFragmentDoc,
    "\n  query BotCompanySettings {\n    companySettings {\n      ...BotCompanySettingsFields\n    }\n  }\n": types.BotCompanySettingsDocument,
    "\n  mutation BotUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...BotCompanySettingsFields\n    }\n  }\n": types.BotUpdateCompanySettingsDocument,
    "\n  query BotChatbotMenu($channelId: Int!) {\n    chatbotMenu(channelId: $channelId) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n": types.BotChatbotMenuDocument,
    "\n  mutation BotSaveChatbotMenu($channelId: Int!, $menu: JSON!) {\n    saveChatbotMenu(channelId: $channelId, menu: $menu) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n": types.BotSaveChatbotMenuDocument,
    "\n  mutation BotDeleteChatbotMenu($channelId: Int!) {\n    deleteChatbotMenu(channelId: $channelId)\n  }\n": types.BotDeleteChatbotMenuDocument,
    "\n  fragment BotFollowUpConfig on MessageBotConfig {\n    id\n    channelId\n    content\n    isActive\n    timeLapseInSeconds\n    templateId\n    templateName\n    variables\n  }\n": types.BotFollowUpConfigFragmentDoc,
    "\n  query BotFollowUpConfigs($channelId: Int!) {\n    messageBotConfigs(channelId: $channelId) {\n      ...BotFollowUpConfig\n    }\n  }\n": types.BotFollowUpConfigsDocument,
    "\n  mutation BotCreateFollowUpConfig($input: CreateMessageBotConfigInput!) {\n    createMessageBotConfig(input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n": types.BotCreateFollowUpConfigDocument,
    "\n  mutation BotUpdateFollowUpConfig($id: Int!, $input: UpdateMessageBotConfigInput!) {\n    updateMessageBotConfig(id: $id, input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n": types.BotUpdateFollowUpConfigDocument,
    "\n  mutation BotDeleteFollowUpConfig($id: Int!) {\n    deleteMessageBotConfig(id: $id)\n  }\n": types.BotDeleteFollowUpConfigDocument,
    "\n  query BotChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      useChatbot\n    }\n  }\n": types.BotChannelsDocument,
    "\n  mutation BotSetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      id\n      useChatbot\n    }\n  }\n": types.BotSetChannelChatbotDocument,
    "\n  query BotDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n    }\n  }\n": types.BotDatasheetFieldsDocument,
    "\n  query BotTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": types.BotTagsDocument,
    "\n  query BotAgents {\n    agents {\n      id\n      name\n    }\n  }\n": types.BotAgentsDocument,
    "\n  query BotSpaces {\n    spaces {\n      id\n      name\n    }\n  }\n": types.BotSpacesDocument,
    "\n  query BotAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n": types.BotAcceptedTemplatesDocument,
    "\n  fragment BotSurveyConfig on SurveyConfig {\n    id\n    channelId\n    initText\n    isActive\n    options {\n      id\n      text\n      value\n      index\n      endText\n    }\n  }\n": types.BotSurveyConfigFragmentDoc,
    "\n  query BotSurveyConfigs {\n    surveyConfigs {\n      ...BotSurveyConfig\n    }\n  }\n": types.BotSurveyConfigsDocument,
    "\n  mutation BotCreateSurveyConfig($input: CreateSurveyInput!) {\n    createSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n": types.BotCreateSurveyConfigDocument,
    "\n  mutation BotUpdateSurveyConfig($input: UpdateSurveyInput!) {\n    updateSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n": types.BotUpdateSurveyConfigDocument,
    "\n  fragment BotWelcomeMessage on WelcomeMessage {\n    id\n    channelId\n    text\n    isActive\n    useInWorkingHours\n    templateId\n    variables\n  }\n": types.BotWelcomeMessageFragmentDoc,
    "\n  query BotWelcomeMessages($channelId: Int!) {\n    welcomeMessages(channelId: $channelId) {\n      ...BotWelcomeMessage\n    }\n  }\n": types.BotWelcomeMessagesDocument,
    "\n  mutation BotCreateWelcomeMessage($input: CreateWelcomeMessageInput!) {\n    createWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n": types.BotCreateWelcomeMessageDocument,
    "\n  mutation BotUpdateWelcomeMessage($input: UpdateWelcomeMessageInput!) {\n    updateWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n": types.BotUpdateWelcomeMessageDocument,
    "\n  query CampaignChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      qualityRating\n      currentLimit\n    }\n  }\n": types.CampaignChannelsDocument,
    "\n  query CampaignTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      language\n      status\n      category\n      channelId\n      components\n    }\n  }\n": types.CampaignTemplatesDocument,
    "\n  fragment CompanySettingsFields on CompanySettings {\n    isWelcomeMessageActive\n    isAgentNameInMessageActive\n    canUnarchiveConversations\n    canReturnInboxConversation\n    isBotAutoAssignActive\n    isBotAutoAssignActiveAfterDay\n    isBotActiveAfterDay\n    forceActiveAgentsReassignation\n    automaticAssignment\n    showClientCloseOption\n    sentClientSurveyByDefault\n    archiveClosedClientByDefault\n    isShowActiveAgents\n    includeAdsTags\n    isShowGroupsAtReassign\n    templateLanguage\n  }\n": types.CompanySettingsFieldsFragmentDoc,
    "\n  query ConfigCompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n": types.ConfigCompanySettingsDocument,
    "\n  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n": types.ConfigUpdateCompanySettingsDocument,
    "\n  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {\n    updateCompanyProfile(input: $input) {\n      id\n      name\n      timezone\n    }\n  }\n": types.ConfigUpdateCompanyProfileDocument,
    "\n  query ConfigLocations {\n    locations {\n      id\n      name\n      userCount\n    }\n  }\n": types.ConfigLocationsDocument,
    "\n  mutation ConfigCreateLocation($input: LocationInput!) {\n    createLocation(input: $input) {\n      id\n    }\n  }\n": types.ConfigCreateLocationDocument,
    "\n  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {\n    updateLocation(id: $id, input: $input) {\n      id\n    }\n  }\n": types.ConfigUpdateLocationDocument,
    "\n  mutation ConfigDeleteLocation($id: Int!) {\n    deleteLocation(id: $id)\n  }\n": types.ConfigDeleteLocationDocument,
    "\n  query ConfigCategories {\n    categories {\n      id\n      name\n    }\n  }\n": types.ConfigCategoriesDocument,
    "\n  mutation ConfigCreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      id\n    }\n  }\n": types.ConfigCreateCategoryDocument,
    "\n  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      id\n    }\n  }\n": types.ConfigUpdateCategoryDocument,
    "\n  mutation ConfigDeleteCategory($id: Int!) {\n    deleteCategory(id: $id)\n  }\n": types.ConfigDeleteCategoryDocument,
    "\n  query ConfigDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n": types.ConfigDatasheetFieldsDocument,
    "\n  mutation ConfigCreateDatasheetField($input: DatasheetFieldInputModel!) {\n    createDatasheetField(input: $input) {\n      id\n    }\n  }\n": types.ConfigCreateDatasheetFieldDocument,
    "\n  mutation ConfigUpdateDatasheetField($id: Int!, $input: DatasheetFieldInputModel!) {\n    updateDatasheetField(id: $id, input: $input) {\n      id\n    }\n  }\n": types.ConfigUpdateDatasheetFieldDocument,
    "\n  query ConfigRoles {\n    roles {\n      id\n      name\n      permissions\n      userCount\n      isSuperadmin\n      isAdmin\n    }\n  }\n": types.ConfigRolesDocument,
    "\n  mutation ConfigCreateRole($input: RoleInput!) {\n    createRole(input: $input) {\n      id\n    }\n  }\n": types.ConfigCreateRoleDocument,
    "\n  mutation ConfigUpdateRole($id: Int!, $input: RoleInput!) {\n    updateRole(id: $id, input: $input) {\n      id\n    }\n  }\n": types.ConfigUpdateRoleDocument,
    "\n  mutation ConfigDeleteRole($id: Int!) {\n    deleteRole(id: $id)\n  }\n": types.ConfigDeleteRoleDocument,
    "\n  query ConfigTags {\n    tags {\n      id\n      name\n      color\n      isDefault\n      clientCount\n    }\n  }\n": types.ConfigTagsDocument,
    "\n  mutation ConfigCreateTag($input: TagInput!) {\n    createTag(input: $input) {\n      id\n    }\n  }\n": types.ConfigCreateTagDocument,
    "\n    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {\n      updateTag(id: $id, input: $input) {\n        id\n      }\n    }\n  ": types.ConfigUpdateTagDocument,
    "\n  mutation ConfigDeleteTag($id: Int!) {\n    deleteTag(id: $id)\n  }\n": types.ConfigDeleteTagDocument,
    "\n  mutation CreateContact($input: CreateClientInput!) {\n    createClient(input: $input) {\n      id\n      senderId\n      name\n    }\n  }\n": types.CreateContactDocument,
    "\n  mutation UpdateContactPhone($clientId: Int!, $phone: String!) {\n    updateClientPhone(clientId: $clientId, phone: $phone) {\n      id\n      senderId\n    }\n  }\n": types.UpdateContactPhoneDocument,
    "\n  fragment ConversationViewFields on Conversation {\n    id\n    companyId\n    key\n    senderId\n    name\n    nameFromChannel\n    cleanedName\n    imageUrl\n    priority\n    unreadMessages\n    answered\n    isArchived\n    isBroadcastMessage\n    isConversationValuable\n    hasFollowUpMessage\n    isClosed\n    agentId\n    agent {\n      id\n      name\n      imageUrl\n    }\n    groupAdminId\n    tags {\n      id\n      name\n      color\n    }\n    category {\n      id\n      name\n    }\n    lastMessageId\n    lastMessage\n    lastMessageStatus\n    lastMessageSender\n    lastUpdate\n    createdAt\n    windowRemainingTime\n    windowExpiresAt\n    channel {\n      id\n      name\n      platform\n      phone\n    }\n  }\n": types.ConversationViewFieldsFragmentDoc,
    "\n  query InboxConversation($clientId: Int!) {\n    conversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": types.InboxConversationDocument,
    "\n  mutation InboxMarkConversationRead($clientId: Int!) {\n    markConversationRead(clientId: $clientId)\n  }\n": types.InboxMarkConversationReadDocument,
    "\n  query InboxFilterTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": types.InboxFilterTagsDocument,
    "\n  query InboxFilterAgents {\n    agents {\n      id\n      name\n    }\n  }\n": types.InboxFilterAgentsDocument,
    "\n  query InboxFilterChannels {\n    inboxChannels {\n      id\n      name\n      platform\n    }\n  }\n": types.InboxFilterChannelsDocument,
    "\n  query PanelTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n": types.PanelTagsDocument,
    "\n  query PanelAgents {\n    agents {\n      id\n      name\n      isAvailable\n      roleName\n      isAgent\n    }\n  }\n": types.PanelAgentsDocument,
    "\n  query ReassignSettings {\n    reassignSettings {\n      showAvailability\n      onlyAvailable\n      showGroups\n    }\n  }\n": types.ReassignSettingsDocument,
    "\n  query PanelCategories {\n    categories {\n      id\n      name\n    }\n  }\n": types.PanelCategoriesDocument,
    "\n  query PanelDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n": types.PanelDatasheetFieldsDocument,
    "\n  query PanelClientInfos($clientId: Int!) {\n    clientInfos(clientId: $clientId) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n": types.PanelClientInfosDocument,
    "\n  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {\n    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n": types.PanelSaveClientInfoDocument,
    "\n  fragment PanelFollowUp on FollowUpMessage {\n    id\n    clientId\n    channelId\n    agentId\n    agentName\n    content\n    sendAt\n    templateId\n    templateName\n    variables\n    file\n    status\n    failureReason\n  }\n": types.PanelFollowUpFragmentDoc,
    "\n  query PanelFollowUps($clientId: Int!) {\n    followUpMessages(clientId: $clientId) {\n      ...PanelFollowUp\n    }\n  }\n": types.PanelFollowUpsDocument,
    "\n  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {\n    createFollowUpMessage(clientId: $clientId, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n": types.PanelCreateFollowUpDocument,
    "\n  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {\n    updateFollowUpMessage(id: $id, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n": types.PanelUpdateFollowUpDocument,
    "\n    mutation PanelDeleteFollowUp($id: Int!) {\n      deleteFollowUpMessage(id: $id)\n    }\n  ": types.PanelDeleteFollowUpDocument,
    "\n  query PanelAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n": types.PanelAcceptedTemplatesDocument,
    "\n  query PanelRecentMessages($clientId: Int!) {\n    messages(clientId: $clientId, first: 30) {\n      id\n      content\n      type\n      time\n      sender\n    }\n  }\n": types.PanelRecentMessagesDocument,
    "\n  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {\n    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {\n      id\n    }\n  }\n": types.PanelForwardMessagesDocument,
    "\n  mutation PanelRename($clientId: Int!, $name: String!) {\n    renameConversation(clientId: $clientId, name: $name) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelRenameDocument,
    "\n  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {\n    addTagToConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelAddTagDocument,
    "\n  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {\n    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelRemoveTagDocument,
    "\n  mutation PanelMarkCold($clientId: Int!) {\n    markConversationCold(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelMarkColdDocument,
    "\n  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {\n    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelSetCategoryDocument,
    "\n  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {\n    setConversationArchived(clientId: $clientId, archived: $archived) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelSetArchivedDocument,
    "\n  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {\n    setConversationValuable(clientId: $clientId, valuable: $valuable) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelSetValuableDocument,
    "\n  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {\n    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelSetFollowUpFlagDocument,
    "\n    mutation PanelMarkUnread($clientId: Int!) {\n      markConversationUnread(clientId: $clientId)\n    }\n  ": types.PanelMarkUnreadDocument,
    "\n  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {\n    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {\n      client {\n        ...ConversationViewFields\n      }\n      surveySent\n    }\n  }\n": types.PanelCloseDocument,
    "\n  mutation PanelReopen($clientId: Int!) {\n    reopenConversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n": types.PanelReopenDocument,
    "\n  query PanelCloseOptions($clientId: Int!) {\n    closeOptions(clientId: $clientId) {\n      canClose\n      surveyAvailable\n      surveyByDefault\n    }\n  }\n": types.PanelCloseOptionsDocument,
    "\n  fragment WindowMessageFields on Message {\n    id\n    clientId\n    channelId\n    type\n    content\n    sender\n    senderUserId\n    messageStatus\n    messageApiId\n    errorCode\n    errorInfo\n    quotedMsgId\n    quotedMsgBody\n    quotedMsgType\n    seen\n    payload\n    fakeId\n    editedAt\n    time\n    createdAt\n  }\n": types.WindowMessageFieldsFragmentDoc,
    "\n  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {\n    messages(clientId: $clientId, skip: $skip, first: $first) {\n      ...WindowMessageFields\n    }\n  }\n": types.WindowMessagesDocument,
    "\n  mutation WindowSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      ...WindowMessageFields\n    }\n  }\n": types.WindowSendMessageDocument,
    "\n    query WindowQuickAnswers {\n      quickAnswers {\n        id\n        shortcut\n        text\n        file\n      }\n    }\n  ": types.WindowQuickAnswersDocument,
    "\n  mutation WindowUseQuickAnswer($id: Int!) {\n    useQuickAnswer(id: $id) {\n      id\n    }\n  }\n": types.WindowUseQuickAnswerDocument,
    "\n  query WindowWhatsappTemplates($channelId: Int!, $status: String) {\n    whatsappTemplates(channelId: $channelId, status: $status) {\n      id\n      name\n      language\n      status\n      components\n      variables\n    }\n  }\n": types.WindowWhatsappTemplatesDocument,
    "\n  fragment AlbumFields on Album {\n    id\n    name\n    spaceId\n    parentId\n    parentName\n    isRoot\n    createdAt\n    albumsCount\n    filesCount\n    coverFileId\n  }\n": types.AlbumFieldsFragmentDoc,
    "\n  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {\n    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        ...AlbumFields\n      }\n    }\n  }\n": types.MultimediaAlbumsDocument,
    "\n  query MultimediaAlbum($id: Int!) {\n    album(id: $id) {\n      ...AlbumFields\n    }\n  }\n": types.MultimediaAlbumDocument,
    "\n  query MultimediaAlbumFiles($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {\n    albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        id\n        albumId\n        name\n        fileType\n        mimeType\n        url\n        weight\n        isExternal\n        createdAt\n      }\n    }\n  }\n": types.MultimediaAlbumFilesDocument,
    "\n  mutation CreateOnboardingInProcess($email: String!) {\n    createOnboardingInProcess(email: $email) {\n      id\n      email\n      name\n      step\n    }\n  }\n": types.CreateOnboardingInProcessDocument,
    "\n  query AdminQuickAnswers($spaceId: Int, $order: String!, $search: String) {\n    quickAnswers(spaceId: $spaceId, order: $order, search: $search) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n": types.AdminQuickAnswersDocument,
    "\n  query AdminQuickAnswer($id: Int!) {\n    quickAnswer(id: $id) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n": types.AdminQuickAnswerDocument,
    "\n  mutation AdminDeleteQuickAnswer($id: Int!) {\n    deleteQuickAnswer(id: $id) {\n      id\n    }\n  }\n": types.AdminDeleteQuickAnswerDocument,
    "query Me {\n  me {\n    __typename\n    id\n    name\n    email\n    imageUrl\n    isAvailable\n    rol {\n      __typename\n      id\n      name\n    }\n    permissions\n    company {\n      __typename\n      id\n      name\n      status\n      expirationDate\n      paymentIntents\n      paymentMethod\n      isBoardsActive\n      hasUsed2FA\n      isCustomPayment\n      timezone\n      analyticsRangeDays\n    }\n    spaces {\n      __typename\n      id\n      name\n      isDefault\n    }\n    selectedSpaceId\n    isAdminOfIds\n    spaceChannelIds\n  }\n}": types.MeDocument,
    "\n  mutation SetAvailability($isAvailable: Boolean!) {\n    setAvailability(isAvailable: $isAvailable) {\n      id\n      isAvailable\n    }\n  }\n": types.SetAvailabilityDocument,
    "\n  fragment AdminChannelFields on Channel {\n    id\n    name\n    platform\n    phone\n    pageId\n    imageUrl\n    isActive\n    useChatbot\n    expiresAt\n    slotStatus\n    spaceIds\n  }\n": types.AdminChannelFieldsFragmentDoc,
    "\n  query SpacesAdmin {\n    spaces {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n        name\n        platform\n        isActive\n      }\n    }\n    channels {\n      ...AdminChannelFields\n    }\n  }\n": types.SpacesAdminDocument,
    "\n  query SpaceFormChannels {\n    channels {\n      ...AdminChannelFields\n    }\n  }\n": types.SpaceFormChannelsDocument,
    "\n  query EditedSpace($id: Int!) {\n    space(id: $id) {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n      }\n    }\n  }\n": types.EditedSpaceDocument,
    "\n  mutation ActivateChannel($id: Int!) {\n    activateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n": types.ActivateChannelDocument,
    "\n  mutation DeactivateChannel($id: Int!) {\n    deactivateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n": types.DeactivateChannelDocument,
    "\n  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      ...AdminChannelFields\n    }\n  }\n": types.SetChannelChatbotDocument,
    "\n  mutation RenameChannel($id: Int!, $name: String!) {\n    renameChannel(id: $id, name: $name) {\n      ...AdminChannelFields\n    }\n  }\n": types.RenameChannelDocument,
    "\n  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {\n    connectSmsChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": types.ConnectSmsChannelDocument,
    "\n  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {\n    connectDialog360Channel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": types.ConnectDialog360ChannelDocument,
    "\n  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {\n    connectWhatsappCloudChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n": types.ConnectWhatsappCloudChannelDocument,
    "\n  mutation SelectSpace($spaceId: Int!) {\n    selectSpace(spaceId: $spaceId) {\n      id\n      selectedSpaceId\n    }\n  }\n": types.SelectSpaceDocument,
    "\n  fragment TeamUserFields on TeamUser {\n    id\n    name\n    email\n    phone\n    imageUrl\n    isAvailable\n    rol { id name }\n    spaces { id name }\n    isAdminOfIds\n    workingHours { timezone isActive days { day isActive start end } }\n    location { id name }\n    categories { id name }\n    createdAt\n    canManage\n  }\n": types.TeamUserFieldsFragmentDoc,
    "\n  query Team {\n    teamUsers { ...TeamUserFields }\n    teamLimits { users admins usersLimit adminsLimit }\n  }\n": types.TeamDocument,
    "\n  query TeamForm {\n    teamFormOptions {\n      roles { id name }\n      spaces { id name }\n      locations { id name }\n      categories { id name }\n      timezone\n    }\n    teamUsers { ...TeamUserFields }\n  }\n": types.TeamFormDocument,
    "\n  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {\n    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ...TeamUserFields }\n  }\n": types.UpdateUserAvailabilityDocument,
    "\n  query TemplateChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n    }\n  }\n": types.TemplateChannelsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportRecipients {\n    reports {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"): (typeof documents)["\n  query ReportRecipients {\n    reports {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateReport($input: CreateReportInput!) {\n    createReport(input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"): (typeof documents)["\n  mutation CreateReport($input: CreateReportInput!) {\n    createReport(input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateReport($id: Int!, $input: UpdateReportInput!) {\n    updateReport(id: $id, input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateReport($id: Int!, $input: UpdateReportInput!) {\n    updateReport(id: $id, input: $input) {\n      id\n      name\n      email\n      frequency\n      isActive\n      company\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteReports($emails: [String!]!) {\n    deleteManyReports(emails: $emails)\n  }\n"): (typeof documents)["\n  mutation DeleteReports($emails: [String!]!) {\n    deleteManyReports(emails: $emails)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BotCompanySettingsFields on CompanySettings {\n    isBotAutoAssignActive\n    isBotActiveAfterDay\n    isBotAutoAssignActiveAfterDay\n    isWelcomeMessageActive\n    sentClientSurveyByDefault\n    disableBotTagIds\n  }\n"): (typeof documents)["\n  fragment BotCompanySettingsFields on CompanySettings {\n    isBotAutoAssignActive\n    isBotActiveAfterDay\n    isBotAutoAssignActiveAfterDay\n    isWelcomeMessageActive\n    sentClientSurveyByDefault\n    disableBotTagIds\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotCompanySettings {\n    companySettings {\n      ...BotCompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  query BotCompanySettings {\n    companySettings {\n      ...BotCompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...BotCompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation BotUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...BotCompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotChatbotMenu($channelId: Int!) {\n    chatbotMenu(channelId: $channelId) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query BotChatbotMenu($channelId: Int!) {\n    chatbotMenu(channelId: $channelId) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotSaveChatbotMenu($channelId: Int!, $menu: JSON!) {\n    saveChatbotMenu(channelId: $channelId, menu: $menu) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation BotSaveChatbotMenu($channelId: Int!, $menu: JSON!) {\n    saveChatbotMenu(channelId: $channelId, menu: $menu) {\n      channelId\n      menu\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotDeleteChatbotMenu($channelId: Int!) {\n    deleteChatbotMenu(channelId: $channelId)\n  }\n"): (typeof documents)["\n  mutation BotDeleteChatbotMenu($channelId: Int!) {\n    deleteChatbotMenu(channelId: $channelId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BotFollowUpConfig on MessageBotConfig {\n    id\n    channelId\n    content\n    isActive\n    timeLapseInSeconds\n    templateId\n    templateName\n    variables\n  }\n"): (typeof documents)["\n  fragment BotFollowUpConfig on MessageBotConfig {\n    id\n    channelId\n    content\n    isActive\n    timeLapseInSeconds\n    templateId\n    templateName\n    variables\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotFollowUpConfigs($channelId: Int!) {\n    messageBotConfigs(channelId: $channelId) {\n      ...BotFollowUpConfig\n    }\n  }\n"): (typeof documents)["\n  query BotFollowUpConfigs($channelId: Int!) {\n    messageBotConfigs(channelId: $channelId) {\n      ...BotFollowUpConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotCreateFollowUpConfig($input: CreateMessageBotConfigInput!) {\n    createMessageBotConfig(input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n"): (typeof documents)["\n  mutation BotCreateFollowUpConfig($input: CreateMessageBotConfigInput!) {\n    createMessageBotConfig(input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotUpdateFollowUpConfig($id: Int!, $input: UpdateMessageBotConfigInput!) {\n    updateMessageBotConfig(id: $id, input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n"): (typeof documents)["\n  mutation BotUpdateFollowUpConfig($id: Int!, $input: UpdateMessageBotConfigInput!) {\n    updateMessageBotConfig(id: $id, input: $input) {\n      ...BotFollowUpConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotDeleteFollowUpConfig($id: Int!) {\n    deleteMessageBotConfig(id: $id)\n  }\n"): (typeof documents)["\n  mutation BotDeleteFollowUpConfig($id: Int!) {\n    deleteMessageBotConfig(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      useChatbot\n    }\n  }\n"): (typeof documents)["\n  query BotChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      useChatbot\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotSetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      id\n      useChatbot\n    }\n  }\n"): (typeof documents)["\n  mutation BotSetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      id\n      useChatbot\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n    }\n  }\n"): (typeof documents)["\n  query BotDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  query BotTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotAgents {\n    agents {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query BotAgents {\n    agents {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotSpaces {\n    spaces {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query BotSpaces {\n    spaces {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n"): (typeof documents)["\n  query BotAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BotSurveyConfig on SurveyConfig {\n    id\n    channelId\n    initText\n    isActive\n    options {\n      id\n      text\n      value\n      index\n      endText\n    }\n  }\n"): (typeof documents)["\n  fragment BotSurveyConfig on SurveyConfig {\n    id\n    channelId\n    initText\n    isActive\n    options {\n      id\n      text\n      value\n      index\n      endText\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotSurveyConfigs {\n    surveyConfigs {\n      ...BotSurveyConfig\n    }\n  }\n"): (typeof documents)["\n  query BotSurveyConfigs {\n    surveyConfigs {\n      ...BotSurveyConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotCreateSurveyConfig($input: CreateSurveyInput!) {\n    createSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n"): (typeof documents)["\n  mutation BotCreateSurveyConfig($input: CreateSurveyInput!) {\n    createSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotUpdateSurveyConfig($input: UpdateSurveyInput!) {\n    updateSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n"): (typeof documents)["\n  mutation BotUpdateSurveyConfig($input: UpdateSurveyInput!) {\n    updateSurveyConfig(input: $input) {\n      ...BotSurveyConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BotWelcomeMessage on WelcomeMessage {\n    id\n    channelId\n    text\n    isActive\n    useInWorkingHours\n    templateId\n    variables\n  }\n"): (typeof documents)["\n  fragment BotWelcomeMessage on WelcomeMessage {\n    id\n    channelId\n    text\n    isActive\n    useInWorkingHours\n    templateId\n    variables\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BotWelcomeMessages($channelId: Int!) {\n    welcomeMessages(channelId: $channelId) {\n      ...BotWelcomeMessage\n    }\n  }\n"): (typeof documents)["\n  query BotWelcomeMessages($channelId: Int!) {\n    welcomeMessages(channelId: $channelId) {\n      ...BotWelcomeMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotCreateWelcomeMessage($input: CreateWelcomeMessageInput!) {\n    createWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n"): (typeof documents)["\n  mutation BotCreateWelcomeMessage($input: CreateWelcomeMessageInput!) {\n    createWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BotUpdateWelcomeMessage($input: UpdateWelcomeMessageInput!) {\n    updateWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n"): (typeof documents)["\n  mutation BotUpdateWelcomeMessage($input: UpdateWelcomeMessageInput!) {\n    updateWelcomeMessage(input: $input) {\n      ...BotWelcomeMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      qualityRating\n      currentLimit\n    }\n  }\n"): (typeof documents)["\n  query CampaignChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n      qualityRating\n      currentLimit\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      language\n      status\n      category\n      channelId\n      components\n    }\n  }\n"): (typeof documents)["\n  query CampaignTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      language\n      status\n      category\n      channelId\n      components\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CompanySettingsFields on CompanySettings {\n    isWelcomeMessageActive\n    isAgentNameInMessageActive\n    canUnarchiveConversations\n    canReturnInboxConversation\n    isBotAutoAssignActive\n    isBotAutoAssignActiveAfterDay\n    isBotActiveAfterDay\n    forceActiveAgentsReassignation\n    automaticAssignment\n    showClientCloseOption\n    sentClientSurveyByDefault\n    archiveClosedClientByDefault\n    isShowActiveAgents\n    includeAdsTags\n    isShowGroupsAtReassign\n    templateLanguage\n  }\n"): (typeof documents)["\n  fragment CompanySettingsFields on CompanySettings {\n    isWelcomeMessageActive\n    isAgentNameInMessageActive\n    canUnarchiveConversations\n    canReturnInboxConversation\n    isBotAutoAssignActive\n    isBotAutoAssignActiveAfterDay\n    isBotActiveAfterDay\n    forceActiveAgentsReassignation\n    automaticAssignment\n    showClientCloseOption\n    sentClientSurveyByDefault\n    archiveClosedClientByDefault\n    isShowActiveAgents\n    includeAdsTags\n    isShowGroupsAtReassign\n    templateLanguage\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigCompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  query ConfigCompanySettings {\n    companySettings {\n      ...CompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {\n    updateCompanySettings(input: $input) {\n      ...CompanySettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {\n    updateCompanyProfile(input: $input) {\n      id\n      name\n      timezone\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {\n    updateCompanyProfile(input: $input) {\n      id\n      name\n      timezone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigLocations {\n    locations {\n      id\n      name\n      userCount\n    }\n  }\n"): (typeof documents)["\n  query ConfigLocations {\n    locations {\n      id\n      name\n      userCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigCreateLocation($input: LocationInput!) {\n    createLocation(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigCreateLocation($input: LocationInput!) {\n    createLocation(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {\n    updateLocation(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {\n    updateLocation(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigDeleteLocation($id: Int!) {\n    deleteLocation(id: $id)\n  }\n"): (typeof documents)["\n  mutation ConfigDeleteLocation($id: Int!) {\n    deleteLocation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigCategories {\n    categories {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ConfigCategories {\n    categories {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigCreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigCreateCategory($input: CategoryInput!) {\n    createCategory(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {\n    updateCategory(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigDeleteCategory($id: Int!) {\n    deleteCategory(id: $id)\n  }\n"): (typeof documents)["\n  mutation ConfigDeleteCategory($id: Int!) {\n    deleteCategory(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  query ConfigDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigCreateDatasheetField($input: DatasheetFieldInputModel!) {\n    createDatasheetField(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigCreateDatasheetField($input: DatasheetFieldInputModel!) {\n    createDatasheetField(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateDatasheetField($id: Int!, $input: DatasheetFieldInputModel!) {\n    updateDatasheetField(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateDatasheetField($id: Int!, $input: DatasheetFieldInputModel!) {\n    updateDatasheetField(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigRoles {\n    roles {\n      id\n      name\n      permissions\n      userCount\n      isSuperadmin\n      isAdmin\n    }\n  }\n"): (typeof documents)["\n  query ConfigRoles {\n    roles {\n      id\n      name\n      permissions\n      userCount\n      isSuperadmin\n      isAdmin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigCreateRole($input: RoleInput!) {\n    createRole(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigCreateRole($input: RoleInput!) {\n    createRole(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigUpdateRole($id: Int!, $input: RoleInput!) {\n    updateRole(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigUpdateRole($id: Int!, $input: RoleInput!) {\n    updateRole(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigDeleteRole($id: Int!) {\n    deleteRole(id: $id)\n  }\n"): (typeof documents)["\n  mutation ConfigDeleteRole($id: Int!) {\n    deleteRole(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfigTags {\n    tags {\n      id\n      name\n      color\n      isDefault\n      clientCount\n    }\n  }\n"): (typeof documents)["\n  query ConfigTags {\n    tags {\n      id\n      name\n      color\n      isDefault\n      clientCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigCreateTag($input: TagInput!) {\n    createTag(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ConfigCreateTag($input: TagInput!) {\n    createTag(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {\n      updateTag(id: $id, input: $input) {\n        id\n      }\n    }\n  "): (typeof documents)["\n    mutation ConfigUpdateTag($id: Int!, $input: TagInput!) {\n      updateTag(id: $id, input: $input) {\n        id\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfigDeleteTag($id: Int!) {\n    deleteTag(id: $id)\n  }\n"): (typeof documents)["\n  mutation ConfigDeleteTag($id: Int!) {\n    deleteTag(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateContact($input: CreateClientInput!) {\n    createClient(input: $input) {\n      id\n      senderId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContact($input: CreateClientInput!) {\n    createClient(input: $input) {\n      id\n      senderId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateContactPhone($clientId: Int!, $phone: String!) {\n    updateClientPhone(clientId: $clientId, phone: $phone) {\n      id\n      senderId\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateContactPhone($clientId: Int!, $phone: String!) {\n    updateClientPhone(clientId: $clientId, phone: $phone) {\n      id\n      senderId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationViewFields on Conversation {\n    id\n    companyId\n    key\n    senderId\n    name\n    nameFromChannel\n    cleanedName\n    imageUrl\n    priority\n    unreadMessages\n    answered\n    isArchived\n    isBroadcastMessage\n    isConversationValuable\n    hasFollowUpMessage\n    isClosed\n    agentId\n    agent {\n      id\n      name\n      imageUrl\n    }\n    groupAdminId\n    tags {\n      id\n      name\n      color\n    }\n    category {\n      id\n      name\n    }\n    lastMessageId\n    lastMessage\n    lastMessageStatus\n    lastMessageSender\n    lastUpdate\n    createdAt\n    windowRemainingTime\n    windowExpiresAt\n    channel {\n      id\n      name\n      platform\n      phone\n    }\n  }\n"): (typeof documents)["\n  fragment ConversationViewFields on Conversation {\n    id\n    companyId\n    key\n    senderId\n    name\n    nameFromChannel\n    cleanedName\n    imageUrl\n    priority\n    unreadMessages\n    answered\n    isArchived\n    isBroadcastMessage\n    isConversationValuable\n    hasFollowUpMessage\n    isClosed\n    agentId\n    agent {\n      id\n      name\n      imageUrl\n    }\n    groupAdminId\n    tags {\n      id\n      name\n      color\n    }\n    category {\n      id\n      name\n    }\n    lastMessageId\n    lastMessage\n    lastMessageStatus\n    lastMessageSender\n    lastUpdate\n    createdAt\n    windowRemainingTime\n    windowExpiresAt\n    channel {\n      id\n      name\n      platform\n      phone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxConversation($clientId: Int!) {\n    conversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  query InboxConversation($clientId: Int!) {\n    conversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxMarkConversationRead($clientId: Int!) {\n    markConversationRead(clientId: $clientId)\n  }\n"): (typeof documents)["\n  mutation InboxMarkConversationRead($clientId: Int!) {\n    markConversationRead(clientId: $clientId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxFilterTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  query InboxFilterTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxFilterAgents {\n    agents {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query InboxFilterAgents {\n    agents {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxFilterChannels {\n    inboxChannels {\n      id\n      name\n      platform\n    }\n  }\n"): (typeof documents)["\n  query InboxFilterChannels {\n    inboxChannels {\n      id\n      name\n      platform\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  query PanelTags {\n    tags {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelAgents {\n    agents {\n      id\n      name\n      isAvailable\n      roleName\n      isAgent\n    }\n  }\n"): (typeof documents)["\n  query PanelAgents {\n    agents {\n      id\n      name\n      isAvailable\n      roleName\n      isAgent\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReassignSettings {\n    reassignSettings {\n      showAvailability\n      onlyAvailable\n      showGroups\n    }\n  }\n"): (typeof documents)["\n  query ReassignSettings {\n    reassignSettings {\n      showAvailability\n      onlyAvailable\n      showGroups\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelCategories {\n    categories {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query PanelCategories {\n    categories {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  query PanelDatasheetFields {\n    datasheetFields {\n      id\n      name\n      type\n      options\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelClientInfos($clientId: Int!) {\n    clientInfos(clientId: $clientId) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n"): (typeof documents)["\n  query PanelClientInfos($clientId: Int!) {\n    clientInfos(clientId: $clientId) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {\n    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n"): (typeof documents)["\n  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {\n    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {\n      id\n      clientId\n      fieldId\n      fieldName\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PanelFollowUp on FollowUpMessage {\n    id\n    clientId\n    channelId\n    agentId\n    agentName\n    content\n    sendAt\n    templateId\n    templateName\n    variables\n    file\n    status\n    failureReason\n  }\n"): (typeof documents)["\n  fragment PanelFollowUp on FollowUpMessage {\n    id\n    clientId\n    channelId\n    agentId\n    agentName\n    content\n    sendAt\n    templateId\n    templateName\n    variables\n    file\n    status\n    failureReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelFollowUps($clientId: Int!) {\n    followUpMessages(clientId: $clientId) {\n      ...PanelFollowUp\n    }\n  }\n"): (typeof documents)["\n  query PanelFollowUps($clientId: Int!) {\n    followUpMessages(clientId: $clientId) {\n      ...PanelFollowUp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {\n    createFollowUpMessage(clientId: $clientId, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n"): (typeof documents)["\n  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {\n    createFollowUpMessage(clientId: $clientId, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {\n    updateFollowUpMessage(id: $id, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n"): (typeof documents)["\n  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {\n    updateFollowUpMessage(id: $id, input: $input) {\n      ...PanelFollowUp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation PanelDeleteFollowUp($id: Int!) {\n      deleteFollowUpMessage(id: $id)\n    }\n  "): (typeof documents)["\n    mutation PanelDeleteFollowUp($id: Int!) {\n      deleteFollowUpMessage(id: $id)\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n"): (typeof documents)["\n  query PanelAcceptedTemplates($channelId: Int!) {\n    whatsappTemplates(channelId: $channelId, status: \"accepted\") {\n      id\n      name\n      variables\n      components\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRecentMessages($clientId: Int!) {\n    messages(clientId: $clientId, first: 30) {\n      id\n      content\n      type\n      time\n      sender\n    }\n  }\n"): (typeof documents)["\n  query PanelRecentMessages($clientId: Int!) {\n    messages(clientId: $clientId, first: 30) {\n      id\n      content\n      type\n      time\n      sender\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {\n    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {\n    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRename($clientId: Int!, $name: String!) {\n    renameConversation(clientId: $clientId, name: $name) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelRename($clientId: Int!, $name: String!) {\n    renameConversation(clientId: $clientId, name: $name) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {\n    addTagToConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {\n    addTagToConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {\n    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {\n    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelMarkCold($clientId: Int!) {\n    markConversationCold(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelMarkCold($clientId: Int!) {\n    markConversationCold(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {\n    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {\n    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {\n    setConversationArchived(clientId: $clientId, archived: $archived) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {\n    setConversationArchived(clientId: $clientId, archived: $archived) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {\n    setConversationValuable(clientId: $clientId, valuable: $valuable) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {\n    setConversationValuable(clientId: $clientId, valuable: $valuable) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {\n    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {\n    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation PanelMarkUnread($clientId: Int!) {\n      markConversationUnread(clientId: $clientId)\n    }\n  "): (typeof documents)["\n    mutation PanelMarkUnread($clientId: Int!) {\n      markConversationUnread(clientId: $clientId)\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {\n    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {\n      client {\n        ...ConversationViewFields\n      }\n      surveySent\n    }\n  }\n"): (typeof documents)["\n  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {\n    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {\n      client {\n        ...ConversationViewFields\n      }\n      surveySent\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelReopen($clientId: Int!) {\n    reopenConversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation PanelReopen($clientId: Int!) {\n    reopenConversation(clientId: $clientId) {\n      ...ConversationViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelCloseOptions($clientId: Int!) {\n    closeOptions(clientId: $clientId) {\n      canClose\n      surveyAvailable\n      surveyByDefault\n    }\n  }\n"): (typeof documents)["\n  query PanelCloseOptions($clientId: Int!) {\n    closeOptions(clientId: $clientId) {\n      canClose\n      surveyAvailable\n      surveyByDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WindowMessageFields on Message {\n    id\n    clientId\n    channelId\n    type\n    content\n    sender\n    senderUserId\n    messageStatus\n    messageApiId\n    errorCode\n    errorInfo\n    quotedMsgId\n    quotedMsgBody\n    quotedMsgType\n    seen\n    payload\n    fakeId\n    editedAt\n    time\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WindowMessageFields on Message {\n    id\n    clientId\n    channelId\n    type\n    content\n    sender\n    senderUserId\n    messageStatus\n    messageApiId\n    errorCode\n    errorInfo\n    quotedMsgId\n    quotedMsgBody\n    quotedMsgType\n    seen\n    payload\n    fakeId\n    editedAt\n    time\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {\n    messages(clientId: $clientId, skip: $skip, first: $first) {\n      ...WindowMessageFields\n    }\n  }\n"): (typeof documents)["\n  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {\n    messages(clientId: $clientId, skip: $skip, first: $first) {\n      ...WindowMessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WindowSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      ...WindowMessageFields\n    }\n  }\n"): (typeof documents)["\n  mutation WindowSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      ...WindowMessageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query WindowQuickAnswers {\n      quickAnswers {\n        id\n        shortcut\n        text\n        file\n      }\n    }\n  "): (typeof documents)["\n    query WindowQuickAnswers {\n      quickAnswers {\n        id\n        shortcut\n        text\n        file\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WindowUseQuickAnswer($id: Int!) {\n    useQuickAnswer(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation WindowUseQuickAnswer($id: Int!) {\n    useQuickAnswer(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WindowWhatsappTemplates($channelId: Int!, $status: String) {\n    whatsappTemplates(channelId: $channelId, status: $status) {\n      id\n      name\n      language\n      status\n      components\n      variables\n    }\n  }\n"): (typeof documents)["\n  query WindowWhatsappTemplates($channelId: Int!, $status: String) {\n    whatsappTemplates(channelId: $channelId, status: $status) {\n      id\n      name\n      language\n      status\n      components\n      variables\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AlbumFields on Album {\n    id\n    name\n    spaceId\n    parentId\n    parentName\n    isRoot\n    createdAt\n    albumsCount\n    filesCount\n    coverFileId\n  }\n"): (typeof documents)["\n  fragment AlbumFields on Album {\n    id\n    name\n    spaceId\n    parentId\n    parentName\n    isRoot\n    createdAt\n    albumsCount\n    filesCount\n    coverFileId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {\n    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        ...AlbumFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MultimediaAlbums($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {\n    albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        ...AlbumFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MultimediaAlbum($id: Int!) {\n    album(id: $id) {\n      ...AlbumFields\n    }\n  }\n"): (typeof documents)["\n  query MultimediaAlbum($id: Int!) {\n    album(id: $id) {\n      ...AlbumFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MultimediaAlbumFiles($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {\n    albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        id\n        albumId\n        name\n        fileType\n        mimeType\n        url\n        weight\n        isExternal\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query MultimediaAlbumFiles($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {\n    albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {\n      total\n      items {\n        id\n        albumId\n        name\n        fileType\n        mimeType\n        url\n        weight\n        isExternal\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOnboardingInProcess($email: String!) {\n    createOnboardingInProcess(email: $email) {\n      id\n      email\n      name\n      step\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOnboardingInProcess($email: String!) {\n    createOnboardingInProcess(email: $email) {\n      id\n      email\n      name\n      step\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminQuickAnswers($spaceId: Int, $order: String!, $search: String) {\n    quickAnswers(spaceId: $spaceId, order: $order, search: $search) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminQuickAnswers($spaceId: Int, $order: String!, $search: String) {\n    quickAnswers(spaceId: $spaceId, order: $order, search: $search) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminQuickAnswer($id: Int!) {\n    quickAnswer(id: $id) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminQuickAnswer($id: Int!) {\n    quickAnswer(id: $id) {\n      id\n      spaceId\n      shortcut\n      text\n      file\n      lastUse\n      frecuency\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteQuickAnswer($id: Int!) {\n    deleteQuickAnswer(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminDeleteQuickAnswer($id: Int!) {\n    deleteQuickAnswer(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    __typename\n    id\n    name\n    email\n    imageUrl\n    isAvailable\n    rol {\n      __typename\n      id\n      name\n    }\n    permissions\n    company {\n      __typename\n      id\n      name\n      status\n      expirationDate\n      paymentIntents\n      paymentMethod\n      isBoardsActive\n      hasUsed2FA\n      isCustomPayment\n      timezone\n      analyticsRangeDays\n    }\n    spaces {\n      __typename\n      id\n      name\n      isDefault\n    }\n    selectedSpaceId\n    isAdminOfIds\n    spaceChannelIds\n  }\n}"): (typeof documents)["query Me {\n  me {\n    __typename\n    id\n    name\n    email\n    imageUrl\n    isAvailable\n    rol {\n      __typename\n      id\n      name\n    }\n    permissions\n    company {\n      __typename\n      id\n      name\n      status\n      expirationDate\n      paymentIntents\n      paymentMethod\n      isBoardsActive\n      hasUsed2FA\n      isCustomPayment\n      timezone\n      analyticsRangeDays\n    }\n    spaces {\n      __typename\n      id\n      name\n      isDefault\n    }\n    selectedSpaceId\n    isAdminOfIds\n    spaceChannelIds\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAvailability($isAvailable: Boolean!) {\n    setAvailability(isAvailable: $isAvailable) {\n      id\n      isAvailable\n    }\n  }\n"): (typeof documents)["\n  mutation SetAvailability($isAvailable: Boolean!) {\n    setAvailability(isAvailable: $isAvailable) {\n      id\n      isAvailable\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminChannelFields on Channel {\n    id\n    name\n    platform\n    phone\n    pageId\n    imageUrl\n    isActive\n    useChatbot\n    expiresAt\n    slotStatus\n    spaceIds\n  }\n"): (typeof documents)["\n  fragment AdminChannelFields on Channel {\n    id\n    name\n    platform\n    phone\n    pageId\n    imageUrl\n    isActive\n    useChatbot\n    expiresAt\n    slotStatus\n    spaceIds\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpacesAdmin {\n    spaces {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n        name\n        platform\n        isActive\n      }\n    }\n    channels {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  query SpacesAdmin {\n    spaces {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n        name\n        platform\n        isActive\n      }\n    }\n    channels {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpaceFormChannels {\n    channels {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  query SpaceFormChannels {\n    channels {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditedSpace($id: Int!) {\n    space(id: $id) {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query EditedSpace($id: Int!) {\n    space(id: $id) {\n      id\n      name\n      isDefault\n      imageUrl\n      channels {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ActivateChannel($id: Int!) {\n    activateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation ActivateChannel($id: Int!) {\n    activateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateChannel($id: Int!) {\n    deactivateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeactivateChannel($id: Int!) {\n    deactivateChannel(id: $id) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {\n    setChannelChatbot(id: $id, useChatbot: $useChatbot) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameChannel($id: Int!, $name: String!) {\n    renameChannel(id: $id, name: $name) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation RenameChannel($id: Int!, $name: String!) {\n    renameChannel(id: $id, name: $name) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {\n    connectSmsChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {\n    connectSmsChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {\n    connectDialog360Channel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {\n    connectDialog360Channel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {\n    connectWhatsappCloudChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {\n    connectWhatsappCloudChannel(input: $input) {\n      ...AdminChannelFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SelectSpace($spaceId: Int!) {\n    selectSpace(spaceId: $spaceId) {\n      id\n      selectedSpaceId\n    }\n  }\n"): (typeof documents)["\n  mutation SelectSpace($spaceId: Int!) {\n    selectSpace(spaceId: $spaceId) {\n      id\n      selectedSpaceId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TeamUserFields on TeamUser {\n    id\n    name\n    email\n    phone\n    imageUrl\n    isAvailable\n    rol { id name }\n    spaces { id name }\n    isAdminOfIds\n    workingHours { timezone isActive days { day isActive start end } }\n    location { id name }\n    categories { id name }\n    createdAt\n    canManage\n  }\n"): (typeof documents)["\n  fragment TeamUserFields on TeamUser {\n    id\n    name\n    email\n    phone\n    imageUrl\n    isAvailable\n    rol { id name }\n    spaces { id name }\n    isAdminOfIds\n    workingHours { timezone isActive days { day isActive start end } }\n    location { id name }\n    categories { id name }\n    createdAt\n    canManage\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Team {\n    teamUsers { ...TeamUserFields }\n    teamLimits { users admins usersLimit adminsLimit }\n  }\n"): (typeof documents)["\n  query Team {\n    teamUsers { ...TeamUserFields }\n    teamLimits { users admins usersLimit adminsLimit }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamForm {\n    teamFormOptions {\n      roles { id name }\n      spaces { id name }\n      locations { id name }\n      categories { id name }\n      timezone\n    }\n    teamUsers { ...TeamUserFields }\n  }\n"): (typeof documents)["\n  query TeamForm {\n    teamFormOptions {\n      roles { id name }\n      spaces { id name }\n      locations { id name }\n      categories { id name }\n      timezone\n    }\n    teamUsers { ...TeamUserFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {\n    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ...TeamUserFields }\n  }\n"): (typeof documents)["\n  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {\n    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ...TeamUserFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n    }\n  }\n"): (typeof documents)["\n  query TemplateChannels {\n    channels {\n      id\n      name\n      platform\n      isActive\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;