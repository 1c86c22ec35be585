import { accordion } from './accordion'
import { button } from './button'
import { buttonGroup } from './button-group'
import { card } from './card'
import { siteContainer } from './container'
import { projectViewer } from './project-viewer'
import { sectionHeading } from './section-heading'
import { tabs } from './tabs'
import { tooltip } from './tooltip'

export const recipes = { button, buttonGroup, siteContainer }
export const slotRecipes = { accordion, card, projectViewer, sectionHeading, tabs, tooltip }
