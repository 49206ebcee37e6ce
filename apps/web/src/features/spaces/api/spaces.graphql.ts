import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SelectSpaceData {
  selectSpace: { id: number; selectedSpaceId: number | null };
}

export interface SelectSpaceVariables {
  spaceId: number;
}

export const SELECT_SPACE_MUTATION: TypedDocumentNode<SelectSpaceData, SelectSpaceVariables> = gql`
  mutation SelectSpace($spaceId: Int!) {
    selectSpace(spaceId: $spaceId) {
      id
      selectedSpaceId
    }
  }
`;
