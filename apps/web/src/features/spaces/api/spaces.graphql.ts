import { graphql } from '../../../gql';

export const SELECT_SPACE_MUTATION = graphql(`
  mutation SelectSpace($spaceId: Int!) {
    selectSpace(spaceId: $spaceId) {
      id
      selectedSpaceId
    }
  }
`);
