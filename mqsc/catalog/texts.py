"""The message catalog: every message id, its text template, severity and evidence.

This is the one place where operator-facing wording lives.

The evidence rule (every entry follows it; tests/catalog/test_evidence.py checks it):

* An IBM id (CSQ..., a X'00D4....' or other reason code, MQWB..., z/OS IEF/IDC/ICH...) appears
  only with evidence: its ``evidence`` text cites, as ``[KEY]``, a source of
  mqsc/catalog/sources.py (an IBM page or a public capture, with its title and address) whose
  record says what it was seen to show.
* Text seen verbatim: the entry is VERIFIED, and a cited source *shows* the id.
* IBM documents the id for this situation but its English text was not seen: the id stays and
  the text is UNVERIFIED; a cited source *names* the id (and the evidence says so).
* IBM has no id for the situation, or none was found: the id is mqsc's own, ``MQSCnnnx``,
  never a made-up id inside IBM's namespace. An own id that replaced a recalled or chosen CSQ id
  says which in its evidence ("was CSQM095I"), so a reader of older output can follow it.

docs/messages.md (generated) starts with a count per family: VERIFIED, UNVERIFIED, own.

Templates hold the text *after* the message id and the command prefix (CPF): the renderers put
``CSQ9022I QMZ1 `` in front. ``{csect}`` is filled with the issuing module's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MessageDef:
    """One catalog entry."""

    msg_id: str
    template: str
    severity: int
    verified: bool
    evidence: str
    meaning: str
    cpf: bool = True
    #: Why mqsc never issues this message although the product does (kept so that a user who
    #: meets it on a real system finds it here); empty for every message mqsc issues.
    not_issued: str = ""

    @property
    def component(self) -> str:
        """The component letter after ``CSQ`` (``9``, ``M``, ``P``...) or ``MQSC``."""
        return "MQSC" if self.msg_id.startswith("MQSC") else self.msg_id[3]

    @property
    def preprocessor(self) -> bool:
        """True for the command preprocessor's syntax messages (CSQ9...) and mqsc's own ones for
        input the preprocessor rejects (MQSC0nn): their failures end with CSQ9023E from
        CSQ9SCND, the others with the command's own completion message."""
        return self.msg_id.startswith(("CSQ9", "MQSC0"))

    @property
    def family(self) -> str:
        """The id's family as docs/messages.md counts it: ``CSQM``, ``IEE``, ``MQSC``..."""
        return family_of(self.msg_id)

    @property
    def status(self) -> str:
        """``VERIFIED``, ``UNVERIFIED`` (an IBM id whose text was not seen) or ``own``."""
        if self.msg_id.startswith("MQSC"):
            return "own"
        return "VERIFIED" if self.verified else "UNVERIFIED"


def _m(
    msg_id: str,
    template: str,
    severity: int,
    verified: bool,
    evidence: str,
    meaning: str,
    *,
    cpf: bool = True,
    not_issued: str = "",
) -> MessageDef:
    return MessageDef(msg_id, template, severity, verified, evidence, meaning, cpf, not_issued)


V, U = True, False

_CATALOG: tuple[MessageDef, ...] = (
    # ---- CSQ9: generalized command preprocessor (syntax) --------------------------------------
    _m(
        "CSQ9000E",
        "'{keyword}' appears more than once",
        8,
        V,
        "[DOC-CSQ9]",
        "A keyword is repeated; issued once per repeat; the command is not processed.",
    ),
    _m(
        "CSQ9001E",
        "'{keyword}' is invalid",
        8,
        V,
        "[DOC-CSQ9]",
        "An unknown keyword, or one that does not apply to this command or to z/OS.",
    ),
    _m(
        "CSQ9002E",
        "Unbalanced parentheses following '{keyword}'",
        8,
        V,
        "[DOC-CSQ9]",
        "A ')' is missing, or a '(' opens before the previous one closed.",
    ),
    _m(
        "CSQ9003E",
        "'{keyword}' parameter contains unbalanced apostrophes",
        8,
        V,
        "[DOC-CSQ9]",
        "A quoted string is not closed.",
    ),
    _m(
        "MQSC016E",
        "'{keyword}' parameter contains too many characters",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9006E; recollection)",
        "A value is longer than the keyword allows.",
    ),
    _m(
        "MQSC010E",
        "Required parameter for '{keyword}' is missing",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9010E; recollection)",
        "A keyword needs a value, or a command needs a keyword.",
    ),
    _m(
        "MQSC011E",
        "'{keyword}' parameter value is invalid",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9011E; recollection)",
        "A value is not of the kind the keyword takes.",
    ),
    _m(
        "MQSC014E",
        "'{keyword}' parameter contains too many values",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9014E; recollection)",
        "More values than the keyword takes.",
    ),
    _m(
        "CSQ9016E",
        "'{verb}' command request not authorized",
        8,
        V,
        "[GH-CSQUTIL] [GH-RACF-LAB] [LAB-SECURITY]",
        "The security manager refused the command: the user has too little access to its "
        "MQCMDS profile (hlq.verb.pkw), or to the object's MQADMIN profile (ICH408I on the "
        "console says which). The command ends with CSQ9023E from CSQ9SCND.",
    ),
    _m(
        "MQSC017E",
        "Failure while processing '{verb}' command, processing terminated",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9017E; recollection)",
        "An internal error stopped the command; nothing it did remains. (In mqsc: a bug, "
        "reported with its traceback when MQSC_STRICT=1.)",
    ),
    _m(
        "CSQ9022I",
        "{csect} '{command}' NORMAL COMPLETION",
        0,
        V,
        "[DOC-EXAMPLES]",
        "The command completed.",
    ),
    _m(
        "CSQ9023E",
        "{csect} '{command}' ABNORMAL COMPLETION",
        8,
        V,
        "[DOC-EXAMPLES] [GH-CSQUTIL]",
        "The command failed; earlier messages say why.",
    ),
    _m(
        "MQSC018E",
        "'{operator}' is not a valid operator for '{keyword}'",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQ9028E; emulator choice (no CSQ9 text "
        "for WHERE operators retrievable))",
        "The WHERE operator cannot be used with that attribute.",
    ),
    # ---- CSQN: command server ------------------------------------------------------------------
    _m(
        "CSQN009I",
        "{csect} {verb} {objtype} COMMAND DISABLED",
        4,
        V,
        "[DOC-CSQN]",
        "The command is not allowed from this source or at this stage of start-up or shutdown; "
        "it is ignored. (Used for source violations such as DEFINE BUFFPOOL at the console: "
        "the real rejection text is not public, see [DOC-SOURCES].)",
    ),
    _m(
        "CSQN001I",
        "COMMAND SERVER STARTED",
        0,
        V,
        "[DOC-CSQN]",
        "START CMDSERV started the command server.",
    ),
    _m(
        "CSQN002I",
        "COMMAND SERVER ALREADY STARTED",
        0,
        V,
        "[DOC-CSQN]",
        "START CMDSERV while it runs: ignored.",
    ),
    _m(
        "CSQN005I",
        "COMMAND SERVER STOPPED",
        0,
        V,
        "[DOC-CSQN]",
        "STOP CMDSERV stopped the command server.",
    ),
    _m(
        "CSQN006I",
        "COMMAND SERVER ALREADY STOPPED",
        0,
        V,
        "[DOC-CSQN]",
        "STOP CMDSERV while it is stopped: ignored.",
    ),
    _m(
        "CSQN014I",
        "COMMAND SERVER STATUS IS WAITING",
        0,
        U,
        "[DOC-CSQN-ZH] documents this id for this situation (Chinese text; the English wording is "
        "a rendering of it)",
        "DISPLAY CMDSERV: the command server waits for a message on its input queue.",
    ),
    _m(
        "CSQN015I",
        "COMMAND SERVER STATUS IS STOPPED",
        0,
        U,
        "[DOC-CSQN-ZH] documents this id for this situation (Chinese text; the English wording is "
        "a rendering of it)",
        "DISPLAY CMDSERV after STOP CMDSERV.",
    ),
    _m(
        "CSQN205I",
        "  COUNT={count:8d}, RETURN={ret:08X}, REASON={reason:08X}",
        0,
        V,
        "[DOC-CSQN205] [DOC-EXAMPLES] [GH-CSQUTIL]",
        "First reply of a command-server reply set.",
        cpf=False,
    ),
    # ---- CSQM: message manager -----------------------------------------------------------------
    _m(
        "CSQM090E",
        "{csect} FAILURE REASON CODE X'{code}'",
        8,
        V,
        "[DOC-EXAMPLES]",
        "The command failed with this message-manager reason code.",
    ),
    _m(
        "MQSC592E",
        "{csect} {keyword}({value}) VALUE INVALID OR OUT OF RANGE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM092I; recollection)",
        "An attribute value is outside its range.",
    ),
    _m(
        "MQSC593E",
        "{csect} {keyword}({value}) NAME CONTAINS INVALID CHARACTERS",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM093I; recollection)",
        "An object name has characters MQ does not allow.",
    ),
    _m(
        "MQSC595E",
        "{csect} {objtype}({name}) ALREADY EXISTS",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM095I; recollection)",
        "DEFINE without REPLACE of an object that exists.",
    ),
    _m(
        "MQSC597E",
        "{csect} {keyword}({value}) NAME CANNOT BE COMPLETELY BLANK",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM097I; recollection)",
        "A name is blank.",
    ),
    _m(
        "CSQM099I",
        "{csect} {objtype}({name}) NAME IN USE AS A DIFFERENT TYPE",
        8,
        V,
        "[APAR-PH08756]",
        "A queue of another type (QLOCAL, QALIAS, QREMOTE, QMODEL) has this "
        "name: all queue types share one name space.",
    ),
    _m(
        "MQSC501E",
        "{csect} {objtype}({name}) IS CURRENTLY IN USE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM101I; recollection)",
        "The object is in use and cannot be changed now.",
    ),
    _m(
        "MQSC503E",
        "{csect} {objtype}({name}) QSGDISP({qsgdisp}) HAS MESSAGES ASSOCIATED WITH IT",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM103I; recollection)",
        "DELETE without PURGE of a queue holding messages.",
    ),
    _m(
        "MQSC507E",
        "{csect} STGCLASS ACTIVE OR QUEUE IN USE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM107I; the id is a recollection; the "
        "words are IBM's explanation of PCF reason 3207 MQRCCF_STORAGE_CLASS_IN_USE (\"Storage "
        'class is active or queue is in use"))',
        "A queue holding messages cannot change storage class, nor a storage class in use by "
        "such a queue its page set (PCF reason 3207).",
    ),
    _m(
        "CSQM125I",
        "{csect} {objtype} ({name}) QSGDISP({qsgdisp}) WAS NOT FOUND",
        8,
        V,
        "[DOC-EXAMPLES]",
        "The object does not exist.",
    ),
    _m(
        "MQSC550E",
        "{csect} '{keyword1}' AND '{keyword2}' VALUES ARE INCOMPATIBLE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM150I; recollection)",
        "Two attribute values cannot be used together.",
    ),
    _m(
        "MQSC552E",
        "{csect} QSGDISP({qsgdisp}) NOT ALLOWED, QUEUE MANAGER IS NOT IN A QUEUE SHARING GROUP",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM152I; emulator choice (rule: "
        "[DOC-DEFQL] note 1, [DOC-DEFCFS]))",
        "A group disposition, CMDSCOPE or CF structure outside a queue sharing group.",
    ),
    _m(
        "MQSC553E",
        "{csect} {objtype}({name}) IS RESERVED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM153I; emulator choice (rule:, "
        "CSQ_ADMIN))",
        "CSQ_ADMIN is the administration structure and cannot be defined or used for messages.",
    ),
    _m(
        "MQSC554E",
        "{csect} {keyword}({value}) REQUIRES {required}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM154I; emulator choice (rules: "
        "[DOC-DEFSTC] [DOC-DEFQL]))",
        "An attribute value needs another attribute set, e.g. QSGDISP(SHARED) needs CFSTRUCT.",
    ),
    _m(
        "MQSC569E",
        "{csect} TOPICSTR({topicstr}) IS ALREADY USED BY TOPIC({name})",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM169I; emulator choice (rule: IBM MQ "
        "for z/OS DEFINE TOPIC, a topic string belongs to one topic object; reason "
        "MQRCCF_TOPICSTR_ALREADY_EXISTS))",
        "DEFINE TOPIC with the topic string of another topic object.",
    ),
    _m(
        "MQSC527I",
        "{csect} {queue} IS EMPTY",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM127I; recollection of the CSQM "
        "messages)",
        "MOVE QLOCAL: the source queue has no messages; nothing is moved.",
    ),
    _m(
        "MQSC555E",
        "{csect} {queue} IS NOT EMPTY, TYPE(MOVE) NOT ALLOWED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM155I; emulator choice (rule: MOVE "
        "QLOCAL on z/OS, TYPE(MOVE)))",
        "MOVE QLOCAL TYPE(MOVE) to a queue that holds messages; TYPE(ADD) adds to them.",
    ),
    _m(
        "MQSC556I",
        "{csect} {count} MESSAGES MOVED FROM {source} TO {target}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM156I; emulator choice)",
        "MOVE QLOCAL moved the messages.",
    ),
    _m(
        "MQSC557E",
        "{csect} MQPUT TO {queue} FAILED, REASON CODE {code}, NO MESSAGES MOVED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM157I; emulator choice (rule: MOVE "
        "QLOCAL on z/OS moves as MQGET and MQPUT do))",
        "MOVE QLOCAL: the target refused a message (full, put inhibited, page set full); mqsc "
        "moves all or nothing.",
    ),
    _m(
        "MQSC558E",
        "{csect} {first} and {second} cannot both be set",
        8,
        U,
        "ours: no IBM id found for this situation; the rule is IBM's ([DOC-REPOSNAME]: 'At least "
        "one of RepositoryName and RepositoryNamelist must be blank'; [DOC-CLUSNL]: 'At least "
        "one of ClusterName and ClusterNamelist must be blank')",
        "ALTER QMGR with both REPOS and REPOSNL, or a queue or cluster channel with both CLUSTER "
        "and CLUSNL (as the command leaves them): nothing changes; blank one of them.",
    ),
    _m(
        "CSQM201I",
        "{csect} {verb} {objtype} DETAILS",
        0,
        V,
        "[GH-CONSOLE]",
        "Start of a multi-line DISPLAY reply for one object (console).",
    ),
    _m(
        "CSQM293I",
        "{csect} {count} {objtype} FOUND MATCHING REQUEST CRITERIA",
        0,
        V,
        "[GH-CONSOLE]",
        "How many objects a DISPLAY found.",
    ),
    _m(
        "CSQM297I",
        "{csect} NO {objtype} FOUND MATCHING REQUEST CRITERIA",
        0,
        V,
        "[GH-CONSOLE]",
        "A DISPLAY found nothing.",
    ),
    _m(
        "MQSC401I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM401I; [DOC-MSGS] (CSQM4nnI range "
        "verified, number not))",
        "Command-server DISPLAY reply: one message per queue.",
    ),
    _m(
        "MQSC406I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM406I; recollection in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per channel.",
    ),
    _m(
        "MQSC413I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM413I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per authentication information object.",
    ),
    _m(
        "MQSC417I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM417I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per topic object.",
    ),
    _m(
        "MQSC420I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM420I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per subscription.",
    ),
    _m(
        "MQSC407I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM407I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per process definition.",
    ),
    _m(
        "MQSC408I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM408I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per namelist.",
    ),
    _m(
        "CSQM409I",
        "{attributes}",
        0,
        V,
        "[DOC-EXAMPLES]",
        "Command-server DISPLAY reply for the queue manager.",
    ),
    _m(
        "MQSC410I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM410I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per storage class.",
    ),
    _m(
        "MQSC427I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (the command-server reply of RESET QSTATS)",
        "Command-server RESET QSTATS reply: one message per queue.",
    ),
    _m(
        "MQSC430I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (the command-server reply of DISPLAY PUBSUB)",
        "Command-server DISPLAY PUBSUB reply: one message per engine or hierarchical connection.",
    ),
    _m(
        "MQSC431I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (the command-server reply of DISPLAY SMDS)",
        "Command-server DISPLAY SMDS reply: one message per shared message data set.",
    ),
    _m(
        "MQSC432I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (the command-server reply of DISPLAY SMDSCONN)",
        "Command-server DISPLAY SMDSCONN reply: one message per connection to a shared message "
        "data set.",
    ),
    _m(
        "MQSC433I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (the command-server reply of DISPLAY CONN)",
        "Command-server DISPLAY CONN reply: one message per connection or handle.",
    ),
    _m(
        "MQSC436I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM436I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per channel authentication record.",
    ),
    _m(
        "MQSC421I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM421I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per queue status.",
    ),
    _m(
        "MQSC424I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM424I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per subscription status (DISPLAY SBSTATUS).",
    ),
    _m(
        "MQSC425I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM425I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per topic node, subscription or publisher "
        "(DISPLAY TPSTATUS).",
    ),
    _m(
        "MQSC442I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM442I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per CF structure.",
    ),
    _m(
        "MQSC443I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM443I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per CF structure status.",
    ),
    _m(
        "MQSC445I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (emulator choice in the CSQM4nnI range)",
        "Command-server DISPLAY reply: one message per cluster queue manager (DISPLAY CLUSQMGR).",
    ),
    _m(
        "CSQM131I",
        "{csect} CHANNEL INITIATOR NOT ACTIVE, COMMAND NOT PROCESSED",
        8,
        U,
        "[GH-DISCOVERY] documents this id for this situation (a public discovery script reads "
        "CSQM131I in the DISPLAY CHINIT reply as 'channel initiator not active'); rule: IBM MQ "
        "for z/OS DISPLAY CHSTATUS usage notes (the command fails if the channel initiator has "
        "not been started); text UNVERIFIED",
        "A command that needs the channel initiator (channels, listeners, clusters) was issued "
        "while it is not started (START CHINIT starts it; docs/channels.md).",
    ),
    _m(
        "MQSC532E",
        "{csect} CHANNEL INITIATOR ALREADY ACTIVE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQM132I; recollection (IBM MQ for z/OS "
        "START CHINIT))",
        "START CHINIT while the channel initiator is already active; nothing changes.",
    ),
    _m(
        "MQSC539E",
        "{csect} {command} needs the command server: it is stopped (START CMDSERV)",
        8,
        V,
        "emulator; rule: IBM MQ for z/OS [DOC-STARTCHI] and [DOC-DISCHI] usage notes: 'The "
        "command server must be running'",
        "START CHINIT or DISPLAY CHINIT after STOP CMDSERV; nothing changes.",
    ),
    _m(
        "MQSC534I",
        "{csect} {command} CHANNEL({channel}) COMMAND ACCEPTED",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM134I; recollection (IBM MQ for z/OS "
        "START CHANNEL and STOP CHANNEL replies))",
        "START or STOP CHANNEL was accepted; the channel's own messages (MQSC347I, MQSC348I) "
        "follow on the console.",
    ),
    _m(
        "MQSC537I",
        "{csect} {command} COMMAND ACCEPTED",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM137I; recollection (IBM MQ for z/OS "
        "STOP CHINIT, START LISTENER replies))",
        "A channel initiator command was accepted; what it does is reported on the console.",
    ),
    _m(
        "MQSC422I",
        "{attributes}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM422I; emulator choice in the CSQM4nnI "
        "range)",
        "Command-server DISPLAY reply: one message per channel status.",
    ),
    _m(
        "MQSC538I",
        "{csect} CHANNEL INITIATOR STARTING",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQM138I; recollection (IBM MQ for z/OS "
        "START CHINIT))",
        "START CHINIT was accepted; the channel initiator address space is being started.",
    ),
    # ---- CSQV: agent services (threads) ---------------------------------------------------------
    _m(
        "CSQV401I",
        "DISPLAY THREAD REPORT FOLLOWS -",
        0,
        V,
        "[DOC-CSQV]: CSQV401I DISPLAY THREAD REPORT FOLLOWS -",
        "The title of the DISPLAY THREAD report; CSQV402I, CSQV432I or CSQV406I follow.",
    ),
    _m(
        "CSQV402I",
        "ACTIVE THREADS -",
        0,
        U,
        "[DOC-CSQV] names it: IBM CSQV401I explanation ('Message CSQV402I provides the formatted "
        "report when the detailed status of active threads is requested using TYPE(ACTIVE)'); "
        "text from the Japanese page, English wording UNVERIFIED",
        "DISPLAY THREAD TYPE(ACTIVE): one line per connection with its user, ASID and unit of "
        "recovery, then DISPLAY ACTIVE REPORT COMPLETE.",
    ),
    _m(
        "CSQV406I",
        "INDOUBT THREADS -",
        0,
        U,
        "[DOC-CSQV] names it: IBM CSQV401I explanation ('Message CSQV406I ... TYPE(INDOUBT)'); "
        "text "
        "UNVERIFIED",
        "DISPLAY THREAD TYPE(INDOUBT): the units of recovery left in doubt, with their URID "
        "and origin id (NID); RESOLVE INDOUBT resolves them.",
    ),
    _m(
        "CSQV432I",
        "ACTIVE THREADS -",
        0,
        U,
        "[DOC-CSQV] names it: IBM CSQV401I explanation ('Message CSQV432I ... summary status of "
        "active threads ... TYPE(REGIONS)'); text UNVERIFIED",
        "DISPLAY THREAD TYPE(REGIONS): how many threads each connection name has.",
    ),
    # ---- CSQW: instrumentation facilities (traces) ----------------------------------------------
    _m(
        "CSQW130I",
        "'{type}' TRACE STARTED, ASSIGNED TRACE NUMBER {tno}",
        0,
        U,
        '[DOC-STARTTRACE] names it ("a trace number is returned in message number '
        'CSQW130I"); text UNVERIFIED',
        "START TRACE started a trace; its trace number (TNO) names it in ALTER, DISPLAY and "
        "STOP TRACE.",
    ),
    # ---- CSQX: distributed queuing (the channel initiator) -------------------------------------
    _m(
        "CSQX003I",
        "{csect} Obsolete parameter module ignored",
        0,
        V,
        "[DOC-CSQX]",
        "START CHINIT named a parameter module (PARM): it is obsolete and ignored.",
    ),
    _m(
        "CSQX005E",
        "{csect} Channel initiator failed to start",
        8,
        U,
        "[DOC-CSQX-ZH] documents this id for this situation (Chinese text)",
        "The channel initiator did not start.",
        not_issued="the simulated channel initiator always starts (docs/channels.md)",
    ),
    _m(
        "CSQX000I",
        "IBM MQ for z/OS {version}",
        0,
        V,
        "[DOC-CSQX] ('IBM MQ for z/OS Vn')",
        "The channel initiator is starting; the release level.",
    ),
    _m(
        "CSQX001I",
        "{csect} Channel initiator starting",
        0,
        V,
        "[DOC-CSQX]",
        "START CHINIT: the channel initiator is starting; CSQX022I follows when it is ready.",
    ),
    _m(
        "CSQX022I",
        "{csect} Channel initiator initialization complete",
        0,
        U,
        "[DOC-CSQX] documents this id for this situation (CSQX001I: 'Message CSQX022I is sent "
        "when the startup process has completed'); text UNVERIFIED",
        "The channel initiator is active: listeners and channels can be started.",
    ),
    _m(
        "CSQX406E",
        "{csect} REFRESH CLUSTER REPOS(YES) not allowed for full repository cluster {cluster}",
        8,
        U,
        "[DOC-REFCLUS] documents this id for this situation ('It is not valid to use this "
        "option if the queue manager is a full repository, if used the command will fail with "
        "an error AMQ9406/CSQX406E logged'); text UNVERIFIED",
        "REFRESH CLUSTER REPOS(YES) on a queue manager that is a full repository for the "
        "cluster: nothing changes; ALTER QMGR REPOS(' ') first (docs/clusters.md).",
    ),
    _m(
        "MQSC343I",
        "{csect} Channel initiator stopping",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX008I; recollection)",
        "STOP CHINIT: its listeners stop and its channels end.",
    ),
    _m(
        "MQSC344I",
        "{csect} Channel initiator stopped",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX009I; recollection)",
        "The channel initiator has stopped; channel commands get CSQM131I again.",
    ),
    _m(
        "MQSC345I",
        "{csect} Listener started for port {port} address {address}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX023I; recollection (IBM MQ for z/OS "
        "START LISTENER))",
        "A TCP/IP listener is listening: channels whose CONNAME names this port reach this queue "
        "manager (docs/channels.md).",
    ),
    _m(
        "MQSC346I",
        "{csect} Listener stopped for port {port} address {address}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX024I; recollection (IBM MQ for z/OS "
        "STOP LISTENER))",
        "A TCP/IP listener stopped listening on the port.",
    ),
    _m(
        "MQSC347I",
        "{csect} Channel {channel} started",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX500I; recollection (console lines of "
        "z/OS channel initiators))",
        "A channel is running: a sender moves the messages of its transmission queue.",
    ),
    _m(
        "MQSC348I",
        "{csect} Channel {channel} is no longer active",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX501I; recollection (console lines of "
        "z/OS channel initiators))",
        "A channel stopped (STOP CHANNEL) or ended.",
    ),
    _m(
        "MQSC349E",
        "{csect} Channel {channel} is active",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQX514E; recollection of the z/OS "
        "console; the refusal is IBM's (MQRCCF_CHANNEL_IN_USE, 4031: 'An attempt was made to "
        "perform an operation on a channel, but the channel is currently active'))",
        "START CHANNEL or RESOLVE CHANNEL for a channel that is running: nothing changes (STOP "
        "CHANNEL first).",
    ),
    _m(
        "MQSC360I",
        "{csect} Channel initiator active",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX830I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes (whether the channel initiator is running); id and text recollection)",
        "DISPLAY CHINIT: the channel initiator is running.",
    ),
    _m(
        "MQSC361I",
        "{csect} {started} adapter subtasks started, {requested} requested",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX831I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes; text recollection)",
        "DISPLAY CHINIT: adapter subtasks (CHIADAPS of ALTER QMGR; mqsc runs no task per adapter).",
    ),
    _m(
        "MQSC362I",
        "{csect} {started} dispatchers started, {requested} requested",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX832I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes; text recollection)",
        "DISPLAY CHINIT: dispatchers (CHIDISPS of ALTER QMGR; mqsc runs no task per dispatcher).",
    ),
    _m(
        "MQSC365I",
        "{csect} TCP/IP listener INDISP={indisp} started, for port {port} address {address}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX846I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes (which listeners are started); text recollection)",
        "DISPLAY CHINIT: one line per started TCP/IP listener.",
    ),
    _m(
        "MQSC366I",
        "{csect} TCP/IP listener INDISP={indisp} not started",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX847I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes; text recollection)",
        "DISPLAY CHINIT: no TCP/IP listener is started.",
    ),
    _m(
        "MQSC363I",
        "{csect} {maxchl} Maximum channels - TCP/IP {tcpchl}, LU 6.2 {lu62chl}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX836I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes (the maximum number of current connections); text recollection)",
        "DISPLAY CHINIT: MAXCHL, TCPCHL and LU62CHL of ALTER QMGR.",
    ),
    _m(
        "MQSC364I",
        "{csect} {current} current channel connections, {active} active, {stopped} "
        "stopped, {retrying} retrying, maximum active {actchl}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQX842I; IBM MQ for z/OS DISPLAY CHINIT "
        "usage notes (how many channel connections are current, and whether they are active, "
        "stopped, or retrying); id and layout UNVERIFIED)",
        "DISPLAY CHINIT: the channels with a status and what state they are in.",
    ),
    # ---- CSQP: buffer manager ------------------------------------------------------------------
    _m(
        "CSQP002I",
        "BUFFPOOL VALUE OUT OF RANGE",
        8,
        V,
        "[DOC-CSQP]",
        "Buffer pool id outside 0-99.",
    ),
    _m("CSQP003I", "PSID VALUE OUT OF RANGE", 8, V, "[DOC-CSQP]", "Page set id outside 0-99."),
    _m(
        "CSQP005I",
        "BUFFERS VALUE OUT OF RANGE",
        8,
        V,
        "[DOC-CSQP]",
        "BUFFERS outside 100-500,000 (BELOW) or 100-999,999,999 (ABOVE).",
    ),
    _m(
        "CSQP014E",
        "{csect} EXPANSION FAILED FOR PAGE SET {psid}. FUTURE REQUESTS TO EXTEND IT WILL BE "
        "REJECTED",
        8,
        V,
        "[D-CSQP014E]",
        "Dynamic expansion failed; no more until restart or ALTER PSID EXPAND.",
    ),
    _m(
        "CSQP018I",
        "{csect} CHECKPOINT STARTED FOR ALL BUFFER POOLS",
        0,
        V,
        "[GH-HYPERION]",
        "A checkpoint of all buffer pools started.",
    ),
    _m(
        "CSQP019I",
        "{csect} CHECKPOINT COMPLETED FOR BUFFER POOL {pool}, {pages} PAGES WRITTEN",
        0,
        V,
        "[GH-HYPERION]",
        "Checkpoint of one buffer pool done.",
    ),
    _m(
        "CSQP021I",
        "Page set {psid} new media recovery RBA={rba}, checkpoint RBA={checkpoint}",
        0,
        V,
        "[GH-HYPERION]",
        "Page set recovery RBAs after a checkpoint.",
    ),
    _m(
        "CSQP023I",
        "{csect} Request completed for buffer pool {pool}, now has {buffers} buffers",
        0,
        U,
        "[DOC-ALTBP] documents this id for this situation (the asynchronous ALTER BUFFPOOL "
        "reports CSQP023I when it completes); text UNVERIFIED",
        "The asynchronous ALTER BUFFPOOL finished.",
    ),
    _m(
        "MQSC624I",
        "{csect} Request initiated for buffer pool {pool}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQP024I; guess)",
        "ALTER BUFFPOOL accepted; it runs asynchronously.",
    ),
    _m(
        "MQSC639E",
        "{csect} PAGE SET {psid} IS FULL",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP039E; emulator choice (MQRC 2192 "
        "meaning))",
        "No room for an object definition on page set 0, which cannot expand further.",
    ),
    _m(
        "MQSC731I",
        "{csect} THE NEW EXTENT OF PAGE SET {psid} HAS FORMATTED SUCCESSFULLY",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQI031I; recollection)",
        "A dynamic expansion finished; the space is usable.",
    ),
    _m(
        "MQSC613I",
        "{csect} NEW EXTENT CREATED FOR PAGE SET {psid}. NEW EXTENT WILL NOW BE FORMATTED",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQP013I; storage rule EX-6 "
        "(docs/storage.md#storage-rules), text recalled)",
        "Dynamic expansion started.",
    ),
    _m(
        "MQSC616E",
        "{csect} PAGE SET {psid} HAS REACHED THE MAXIMUM NUMBER OF EXTENTS. IT CANNOT "
        "BE EXTENDED AGAIN",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP016E; storage rule EX-6 "
        "(docs/storage.md#storage-rules), text recalled)",
        "The page set has 119 extents or reached its size limit.",
    ),
    _m(
        "MQSC630E",
        "{csect} BUFFER POOL {pool} IS IN USE BY PAGE SET {psid}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP030E; emulator choice (DOC-DELBP "
        "states the rule, not the text))",
        "DELETE BUFFPOOL of a pool that a page set uses.",
    ),
    _m(
        "MQSC631E",
        "{csect} PAGE SET {psid} IS IN USE",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP031E; emulator choice)",
        "DELETE PSID of a page set that storage classes or messages use.",
    ),
    _m(
        "MQSC632E",
        "{csect} PAGE SET {psid} IS ALREADY DEFINED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP032E; emulator choice)",
        "DEFINE PSID of a page set that exists (DOC-DEFPSID: must not duplicate).",
    ),
    _m(
        "MQSC633E",
        "{csect} PAGE SET {psid} IS NOT DEFINED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP033E; emulator choice)",
        "ALTER/DELETE PSID of a page set that does not exist.",
    ),
    _m(
        "MQSC634E",
        "{csect} BUFFER POOL {pool} IS NOT DEFINED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP034E; emulator choice)",
        "ALTER/DELETE BUFFPOOL of a pool that does not exist.",
    ),
    _m(
        "MQSC635E",
        "{csect} PAGE SET 0 CANNOT BE ADDED DYNAMICALLY",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP035E; emulator choice (DOC-DEFPSID "
        "states the rule))",
        "DEFINE PSID(0) while running.",
    ),
    _m(
        "MQSC636E",
        "{csect} PAGECLAS(FIXED4KB) REQUIRES LOCATION(ABOVE)",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP036E; emulator choice (storage rule "
        "BP-5 (docs/storage.md#storage-rules), the lab))",
        "FIXED4KB buffers are only valid above the bar.",
    ),
    _m(
        "MQSC637E",
        "{csect} DSN {when} FOR PAGE SET {psid}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP037E; emulator choice (rule: "
        "DOC-DEFPSID))",
        "DSN is not allowed from CSQINP1 and required while running.",
    ),
    _m(
        "MQSC640E",
        "{csect} DATA SET {dsn} FOR PAGE SET {psid} IS NOT CATALOGED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP040E; emulator choice (rule: "
        "DOC-DEFPSID, a page set added while running is a cluster IDCAMS defined); the real "
        "dynamic-allocation failure text was not found)",
        "DEFINE PSID DSN names a data set the job's catalog does not hold (mqsc job only).",
    ),
    _m(
        "MQSC641E",
        "{csect} DATA SET {dsn} FOR PAGE SET {psid} IS NOT FORMATTED",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQP041E; emulator choice (rule: "
        "DOC-DEFPSID usage notes, 'freshly formatted' by CSQUTIL FORMAT))",
        "DEFINE PSID DSN names a cluster CSQUTIL FORMAT never formatted.",
    ),
    # ---- CSQI: data manager --------------------------------------------------------------------
    _m(
        "CSQI002I",
        "{csect} Page set {psid} value out of range",
        8,
        V,
        "[DOC-CSQI]",
        "Page set id outside 0-99 on STGCLASS or DISPLAY USAGE.",
    ),
    _m(
        "CSQI003I",
        "{csect} 'PSID' not allowed with TYPE ({usage_type})",
        8,
        V,
        "[DOC-CSQI]",
        "DISPLAY USAGE PSID with TYPE(DATASET) or TYPE(SMDS).",
    ),
    _m(
        "CSQI005I",
        "{csect} PAGE SET {psid} OFFLINE. RECOVERY RBA = {rba}",
        0,
        V,
        "[DOC-CSQI]",
        "A page set is not accessible: CSQINP1 no longer defines it.",
    ),
    _m(
        "CSQI010I",
        "Page set usage ...",
        0,
        V,
        "[LAB-L02] (no csect in the header)",
        "Start of the DISPLAY USAGE page set report.",
    ),
    _m(
        "CSQI065I",
        "Buffer pool attributes ...",
        0,
        V,
        "[LAB-L02] (no csect in the header)",
        "Start of the DISPLAY USAGE buffer pool report.",
    ),
    _m(
        "MQSC724I",
        "{csect} Restart RBA for system as configured={rba}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQI024I; recollection)",
        "The log RBA restart needs, all page sets online.",
    ),
    _m(
        "MQSC725I",
        "{csect} Restart RBA including offline page sets={rba}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQI025I; recollection)",
        "The log RBA restart needs, counting offline page sets.",
    ),
    _m(
        "MQSC770I",
        "{csect} Data set usage ...",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQI070I; recollection)",
        "Start of the DISPLAY USAGE TYPE(DATASET) report.",
    ),
    _m(
        "CSQI041I",
        "{csect} JOB {job} USER {user} HAD ERROR ACCESSING PAGE SET {psid}",
        8,
        V,
        "[DOC-RC2193], storage rule RC-3 (docs/storage.md#storage-rules)",
        "A put or get found its page set not accessible.",
    ),
    # ---- CSQE: coupling facility manager -------------------------------------------------------
    _m(
        "MQSC820I",
        "{csect} Backup of structure {struc} started",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE120I; recollection)",
        "BACKUP CFSTRUCT started.",
    ),
    _m(
        "MQSC821I",
        "{csect} Backup of structure {struc} completed at RBA={rba}, size {size} MB",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE121I; recollection)",
        "BACKUP CFSTRUCT completed.",
    ),
    _m(
        "MQSC830I",
        "{csect} Recovery of structure {struc} started, using {qmgr} log range from "
        "RBA={from_rba} to RBA={to_rba}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE130I; recollection)",
        "RECOVER CFSTRUCT started.",
    ),
    _m(
        "MQSC831I",
        "{csect} Recovery of structure {struc} completed",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE131I; recollection)",
        "RECOVER CFSTRUCT completed.",
    ),
    _m(
        "MQSC832I",
        "{csect} Structure recovery started, using log range from LRSN={from_lrsn} to "
        "LRSN={to_lrsn}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE132I; recollection)",
        "Log replay range.",
    ),
    _m(
        "MQSC833I",
        "{csect} Structure recovery reading log backwards, LRSN={lrsn}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE133I; recollection)",
        "Log read-back progress.",
    ),
    _m(
        "MQSC834I",
        "{csect} Structure recovery reading log completed",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQE134I; recollection)",
        "Log read-back done.",
    ),
    _m(
        "CSQE005I",
        "Structure {struc} connected as {conn}, version={version}",
        0,
        V,
        "[E93] [E-V6]",
        "A queue manager connected to the structure (its first use of a shared queue on it).",
    ),
    _m(
        "CSQE006I",
        "Structure {struc} connection name {conn} disconnected",
        0,
        V,
        "[E93] [E-V6]",
        "A queue manager disconnected from the structure (here: the structure failed under it).",
    ),
    # ---- CSQH: security manager (z/OS security switches, REFRESH/DISPLAY SECURITY) ---------------
    _m(
        "CSQH001I",
        "{csect} Security using uppercase classes",
        0,
        V,
        "[DOC-CSQH], [LAB-SECURITY]",
        "Security uses the uppercase classes MQADMIN, MQPROC, MQNLIST and MQQUEUE (REFRESH "
        "SECURITY).",
    ),
    _m(
        "CSQH002I",
        "{csect} Security using mixed case classes",
        0,
        V,
        "[DOC-CSQH]",
        "Security uses the mixed-case classes MXADMIN, MXPROC, MXNLIST and MXQUEUE (the MXADMIN "
        "class was active when the switches were set).",
    ),
    _m(
        "CSQH003I",
        "Security refresh did not take place for class {cls}",
        4,
        V,
        "[DOC-CSQH]",
        "Follows CSQH004I: the class is not active, so its profiles were not refreshed.",
    ),
    _m(
        "CSQH004I",
        "{csect} STAT call failed for class {cls}, SAF return code={saf}, ESM return code={esm}",
        8,
        V,
        "[DOC-CSQH]",
        "REFRESH SECURITY of a class the security manager has not active (RACROUTE "
        "REQUEST=STAT: SAF 4, RACF 4, as a class that is defined but not active answers; "
        "codes UNVERIFIED).",
    ),
    _m(
        "CSQH007I",
        "Reverify flag not set for user-id {userid}, no entry found",
        0,
        U,
        "[DOC-CSQH-V6] names it: a user id in RVERIFY SECURITY with no entry in the internal "
        "control table; wording UNVERIFIED",
        "RVERIFY SECURITY of a user the queue manager has not signed on (nothing to reverify).",
    ),
    _m(
        "MQSC470I",
        "Subsystem security not active, no userids processed",
        0,
        U,
        "ours (was CSQH008I, a recollection: IBM's CSQH messages after CSQH005I were not reached)",
        "RVERIFY SECURITY while the subsystem security switch is off.",
    ),
    _m(
        "CSQH015I",
        "Security timeout = {minutes} MINUTES",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: how long a user's security entry stays unused before it is "
        "discarded (ALTER SECURITY TIMEOUT).",
    ),
    _m(
        "CSQH016I",
        "Security interval = {minutes} MINUTES",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: how often unused entries are looked for (ALTER SECURITY INTERVAL; 0: "
        "never).",
    ),
    _m(
        "MQSC471I",
        "{csect} Security refresh for {cls} not processed, security switch set OFF",
        0,
        U,
        "ours (was CSQH018I, a recollection: IBM's CSQH messages after CSQH005I were not reached)",
        "REFRESH SECURITY of a class whose switch is off (or with subsystem security off).",
    ),
    _m(
        "CSQH021I",
        "{csect} {switch} security switch set OFF, profile '{profile}' found",
        0,
        V,
        "[LAB-SECURITY]",
        "At start-up (and REFRESH SECURITY of MQADMIN): the switch profile exists, so the "
        "checks it names are not made.",
    ),
    _m(
        "MQSC472I",
        "{csect} {switch} security switch set ON, profile '{profile}' found",
        0,
        U,
        "ours (was CSQH022I, by the pattern of CSQH021I/CSQH024I and the MQSECSW_ON_FOUND "
        "state; no source shows it)",
        "A queue manager override profile (qmgr.YES...) turns the switch on.",
    ),
    _m(
        "MQSC473I",
        "{csect} {switch} security switch set OFF, profile '{profile}' not found",
        0,
        U,
        "ours (was CSQH023I, by the pattern of CSQH021I/CSQH024I and the "
        "MQSECSW_OFF_NOT_FOUND state; no source shows it)",
        'No switch profile, but the switch is off: its class is not active ("Switches and '
        'classes").',
    ),
    _m(
        "CSQH024I",
        "{csect} {switch} security switch set ON, profile '{profile}' not found",
        0,
        V,
        "[LAB-SECURITY]",
        "At start-up: no switch profile, so the checks are made.",
    ),
    _m(
        "CSQH030I",
        "Security switches ...",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: the switches follow.",
    ),
    _m(
        "CSQH031I",
        "{switch}: OFF, '{profile}' found",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: switch off, its profile exists.",
    ),
    _m(
        "CSQH032I",
        "{switch}: ON, '{profile}' found",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: switch on by a queue manager override (qmgr.YES...).",
    ),
    _m(
        "MQSC474I",
        "{switch}: OFF, '{profile}' not found",
        0,
        U,
        "ours (was CSQH033I, by the pattern of CSQH031I/CSQH034I; no source shows it)",
        "DISPLAY SECURITY: switch off without a profile (its class is not active).",
    ),
    _m(
        "MQSC475E",
        "{csect} CONNAUTH({name}) is {found}: an AUTHINFO of AUTHTYPE(IDPWOS) is needed",
        8,
        V,
        'emulator (IBM MQ "REFRESH SECURITY": TYPE(CONNAUTH) refreshes the cached view of '
        "the authentication information object CONNAUTH names)",
        "REFRESH SECURITY TYPE(CONNAUTH) when the queue manager's CONNAUTH names no AUTHINFO "
        "object, or one of another type; nothing is changed.",
    ),
    _m(
        "MQSC476E",
        "{csect} REFRESH SECURITY TYPE(SSL): mqsc's channels hold no TLS key ring to refresh",
        8,
        V,
        "emulator (docs/channels.md: TLS is not applied to channels)",
        "REFRESH SECURITY TYPE(SSL) with the channel initiator started; nothing is changed.",
    ),
    _m(
        "MQSC477I",
        "{csect} CONNAUTH is blank: no authentication information object to refresh",
        0,
        V,
        "emulator",
        "REFRESH SECURITY TYPE(CONNAUTH) with no CONNAUTH object named.",
    ),
    _m(
        "MQSC478I",
        "{csect} CONNAUTH({name}) read: CHCKLOCL({local}) CHCKCLNT({client})",
        0,
        V,
        "emulator",
        "REFRESH SECURITY TYPE(CONNAUTH): the authentication information object the queue "
        "manager now uses (mqsc checks no passwords: docs/security.md).",
    ),
    _m(
        "CSQH034I",
        "{switch}: ON, '{profile}' not found",
        0,
        V,
        "[DOC-DISSEC]",
        "DISPLAY SECURITY: switch on, no switch profile.",
    ),
    # ---- CMDSCOPE routing and generated commands: own ids (no IBM id or text found) ------
    _m(
        "MQSC137I",
        "'{command}' command accepted for CMDSCOPE({scope}), sent to {count}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQN137I; recollection (CSQN137I not found "
        "in IBM's documentation))",
        "The first reply set of a routed command: how many queue managers it went to.",
    ),
    _m(
        "MQSC138I",
        "'{command}' command generated for CMDSCOPE({scope}), sent to {count}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQN138I; recollection (CSQN138I not found "
        "in IBM's documentation))",
        "A QSGDISP(GROUP) change generated a command for every active member (to refresh its "
        "QSGDISP(COPY) object).",
    ),
    _m(
        "MQSC121I",
        "'{command}' command responses from {qmgr}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQN121I; recollection (CSQN121I not found "
        "in IBM's documentation))",
        "The reply set that follows comes from this queue manager.",
    ),
    _m(
        "MQSC122I",
        "'{command}' command for CMDSCOPE({scope}) normal completion",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQN122I; recollection (CSQN122I not found "
        "in IBM's documentation))",
        "The last reply set of a routed command: every queue manager completed it.",
    ),
    _m(
        "MQSC123E",
        "'{command}' command for CMDSCOPE({scope}) abnormal completion",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQN123E; recollection (CSQN123E not found "
        "in IBM's documentation))",
        "The last reply set of a routed command: some queue manager failed it.",
    ),
    # ---- CSQ5: queue sharing group (Db2) -------------------------------------------------------
    _m(
        "MQSC350I",
        "{csect} DISPLAY GROUP report ...",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQ5100I; id recollection (IBM MQ for z/OS "
        "DISPLAY GROUP reply); text UNVERIFIED)",
        "First line of the DISPLAY GROUP report.",
    ),
    _m(
        "MQSC352I",
        "{csect} Queue managers in group {qsg}: {members}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQ5102I; recollection; one-line layout "
        "emulator choice (IBM MQ for z/OS DISPLAY GROUP: the names of all the queue managers that "
        "belong to the group))",
        "The members of the queue sharing group and whether each is active.",
    ),
    _m(
        "MQSC353I",
        "{csect} {count} queue managers in the group, {state}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQ5103I; emulator choice (IBM MQ for z/OS "
        "DISPLAY GROUP: whether all the queue managers that belong to the group are active or "
        "inactive))",
        "Whether every member of the group is active.",
    ),
    # ---- CSQY / CSQ3 / CSQR / CSQJ: start and stop ---------------------------------------------
    _m("CSQY000I", "IBM MQ for z/OS {version}", 0, V, "[DOC-CSQY]", "Queue manager release."),
    _m(
        "CSQY001I",
        "QUEUE MANAGER STARTING, USING PARAMETER MODULE {module}",
        0,
        V,
        "[DOC-CSQY80]",
        "START QMGR: the system parameter module the queue manager starts with (its own, or "
        "PARM(name)).",
    ),
    _m("CSQY002I", "QUEUE MANAGER STOPPING", 0, V, "[DOC-CSQY]", "STOP QMGR accepted."),
    _m(
        "CSQY003I",
        "QUEUE MANAGER IS ALREADY ACTIVE",
        0,
        V,
        "[DOC-CSQY]",
        "START QMGR while running.",
    ),
    _m(
        "CSQY009I",
        "' STOP QMGR' COMMAND ACCEPTED FROM USER({user}), STOP MODE({mode})",
        0,
        V,
        "[V6-STOP]",
        "First reply to STOP QMGR.",
    ),
    _m(
        "CSQY022I",
        "QUEUE MANAGER INITIALIZATION COMPLETE",
        0,
        U,
        "[DOC-CSQY80] documents this id for this situation (CSQY001I: 'Message CSQY022I is sent "
        "when the queue manager startup process has completed'); text UNVERIFIED",
        "Start-up complete.",
    ),
    _m(
        "CSQ3104I",
        "{csect} - TERMINATION COMPLETE",
        0,
        V,
        "[V6-STOP]",
        "Queue manager address space ended.",
    ),
    _m(
        "CSQ3106E",
        "{csect} - QUEUE MANAGER STOPPED. COMMAND NOT PROCESSED - {command}",
        8,
        V,
        "[GH-PARSER]",
        "A command other than START QMGR reached a stopped queue manager.",
    ),
    _m(
        "CSQ3100I",
        "{csect} - SUBSYSTEM {ssnm} READY FOR START COMMAND",
        0,
        V,
        "[V6-STOP]",
        "The queue manager can be started again.",
    ),
    _m("CSQR001I", "RESTART INITIATED", 0, V, "[DOC-CSQR]", "Restart begins."),
    _m(
        "CSQR003I",
        "RESTART - PRIOR CHECKPOINT RBA={rba}",
        0,
        V,
        "[DOC-CSQR]",
        "The checkpoint restart starts from.",
    ),
    _m(
        "CSQR004I",
        "RESTART - UR COUNTS - IN COMMIT={commit}, INDOUBT={indoubt}, "
        "INFLIGHT={inflight}, IN BACKOUT={backout}",
        0,
        V,
        "[DOC-CSQR]",
        "Units of recovery.",
    ),
    _m("CSQR002I", "RESTART COMPLETED", 0, V, "[DOC-CSQR] [GH-HYPERION]", "Restart done."),
    _m(
        "CSQJ001I",
        "CURRENT COPY {copy} ACTIVE LOG DATA SET IS DSNAME={dsname}, STARTRBA={start} ENDRBA={end}",
        0,
        V,
        "[DOC-CSQJ] [DOC-LOGWRITE]",
        "The current active log data set of each copy: at start-up, and when the log switches "
        "to the next data set (it filled, or ARCHIVE LOG truncated it).",
    ),
    _m(
        "CSQJ002I",
        "END OF ACTIVE LOG DATA SET DSNAME={dsname}, STARTRBA={start} ENDRBA={end}",
        0,
        V,
        "[DOC-CSQJ]",
        "The log switched away from a full active log data set: its name and RBA range.",
    ),
    _m(
        "CSQJ003I",
        "FULL ARCHIVE LOG VOLUME DSNAME={dsname}, STARTRBA={start} ENDRBA={end}, "
        "STARTTIME={starttime} ENDTIME={endtime}, UNIT={unit}, COPY{copy}VOL={volume} "
        "VOLSPAN={volspan} CATLG={catalogued}",
        0,
        V,
        "[DOC-CSQJ] [DOC-ARCWRITE]",
        "An offload completed: the archive log data set made for one copy and recorded in the "
        "BSDS (STARTTIME/ENDTIME as yyyydddhhmmsst; volume and VOLSPAN are the simulation's).",
    ),
    _m(
        "CSQJ110E",
        "LAST COPY{copy} ACTIVE LOG DATA SET IS {percent} PERCENT FULL",
        4,
        U,
        '[DOC-ARCWRITE] documents this id for this situation ("issued when the last available '
        'active log is 5% full and at 5% increments thereafter"); text UNVERIFIED',
        "The log is writing its last available active log data set: offload is behind.",
    ),
    _m(
        "CSQJ111A",
        "OUT OF SPACE IN ACTIVE LOG DATA SETS",
        8,
        V,
        '[DOC-ARCWRITE] ("CSQJ111A +CSQ1 OUT OF SPACE IN ACTIVE LOG DATA SETS")',
        "Every active log data set is full: update work waits until an offload frees one (in "
        "mqsc the wait runs on the log's simulated time line).",
    ),
    _m(
        "CSQJ322I",
        "DISPLAY {kind} report ...",
        0,
        U,
        "[UCMDB-MQ] names this id for the DISPLAY SYSTEM report and shows its shape (a heading "
        "with 'SET value', a rule, one parameter a row, 'End of SYSTEM report'); text "
        "UNVERIFIED",
        "DISPLAY SYSTEM, LOG or ARCHIVE: the parameters' initial values and SET values.",
    ),
    _m(
        "CSQJ370I",
        "LOG status report ...",
        0,
        U,
        "[DOC-DISLOG] documents this id for this situation (the DISPLAY LOG log status "
        "report); the lines after it follow the PCF log status response's fields; text "
        "UNVERIFIED",
        "DISPLAY LOG: the active log data sets in use, the restart and latest RBAs, the "
        "offload task and the full logs waiting for it.",
    ),
    # ---- MQSC: the emulator's own messages -----------------------------------------------------
    _m(
        "MQSC001E",
        "Continuation character '{character}' at end of input",
        8,
        V,
        "emulator (: a continued command needs a next line)",
        "The last command ends with + or - and no line follows.",
    ),
    _m(
        "MQSC002E",
        "Character {character} cannot start a token",
        8,
        V,
        "emulator",
        "A control character outside quotes.",
    ),
    _m("MQSC003E", "No command found", 8, V, "emulator", "The line holds only separators."),
    _m(
        "MQSC005E",
        "Command longer than {limit} characters, the most z/OS takes from {source}: not processed",
        8,
        V,
        "emulator; the limits are IBM's: 32 762 characters from a data set or the command server "
        "(IBM MQ for z/OS, CSQUTIL COMMAND usage notes), 126 at a console (z/OS MVS System "
        "Commands, 'Typing the command'). No z/OS message text for a longer command was found: "
        "the id is mqsc's own",
        "The command is refused as it is read, before any of it is parsed; nothing changes.",
    ),
    _m(
        "MQSC006E",
        "Expected one command, found {count}",
        8,
        V,
        "emulator",
        "An API call that takes one command was given none or several.",
    ),
    _m(
        "MQSC101W",
        "Queue {queue} uses storage class {stgclass}, which does not exist: its first "
        "put will fail with MQRC 2105 (MQRC_STORAGE_CLASS_ERROR)",
        4,
        V,
        "emulator check ([DOC-RC2105], storage rule SC-3 (docs/storage.md#storage-rules))",
        "z/OS accepts the definition; puts fail later.",
    ),
    _m(
        "MQSC102W",
        "Queue {queue} uses storage class {stgclass} on page set {psid}, which is not "
        "defined: its first put will fail with MQRC 2193 (MQRC_PAGESET_ERROR)",
        4,
        V,
        "emulator check ([DOC-RC2193], storage rules SC-2, RC-3 (docs/storage.md#storage-rules))",
        "The storage class PSID is not checked at define time; puts fail later.",
    ),
    _m(
        "MQSC103W",
        "Alias queue {queue} names target {target}, which is not a local or remote "
        "queue after the deck: its first put or get will fail with MQRC 2085 "
        "(MQRC_UNKNOWN_OBJECT_NAME)",
        4,
        V,
        'emulator check (IBM "DEFINE QALIAS": TARGET is not checked when the alias is defined)',
        "z/OS accepts the alias; applications that open it fail until the target exists.",
    ),
    _m(
        "MQSC104W",
        "Remote queue {queue} has no transmission queue to use after the deck: its "
        "first put will fail with MQRC {code} ({reason})",
        4,
        V,
        'emulator check (IBM "DEFINE QREMOTE", XmitQName: XMITQ, else the queue named '
        "RQMNAME, else DEFXMITQ; not checked when the definition is made)",
        "z/OS accepts the definition; puts fail until a USAGE(XMITQ) queue is there.",
    ),
    _m(
        "MQSC105W",
        "Queue {queue} is triggered but its initiation queue {initq} is not defined "
        "after the deck: no trigger message can be written",
        4,
        V,
        'emulator check (IBM "Conditions for a trigger event": the initiation queue must exist)',
        "z/OS accepts the definition; the trigger never fires.",
    ),
    # ---- Queue sharing groups: where the z/OS message is not public, the failure is
    # CSQM090E with the VERIFIED reason 00C5004F ("see the more specific accompanying message")
    # and this explanatory message; see docs/qsg.md.
    _m(
        "MQSC301E",
        "Structure {struc} cannot be backed up or recovered: it has {why}",
        8,
        V,
        "emulator (rule DOC-BACKUP, OLD-RECOVER: CFLEVEL(3) and RECOVER(YES) needed)",
        "BACKUP and RECOVER CFSTRUCT need CFLEVEL(3) or higher and RECOVER(YES).",
    ),
    _m(
        "MQSC302E",
        "Structure {struc} is already being backed up by {qmgr} until {until}",
        8,
        V,
        "emulator (rule DOC-BACKUP usage note)",
        "A second BACKUP CFSTRUCT of a structure before the first has finished.",
    ),
    _m(
        "MQSC303E",
        "Structure {struc} is not FAILED: only a failed structure can be recovered",
        8,
        V,
        "emulator (rule DOC-RECOVER usage note 1)",
        "RECOVER CFSTRUCT of a working structure.",
    ),
    _m(
        "MQSC304E",
        "Structure {struc} has no backup: RECOVER TYPE(NORMAL) needs one (TYPE(PURGE) "
        "empties it instead)",
        8,
        V,
        "emulator (MQCFSTATUS_NO_BACKUP)",
        "Nothing to restore: BACKUP CFSTRUCT was never run (or a PURGE recovery came after).",
    ),
    _m(
        "MQSC305E",
        "Structure {struc} is {status}",
        8,
        V,
        "emulator",
        "The structure is failed (recover it first) or not yet used.",
    ),
    _m(
        "MQSC306E",
        "RESET CFSTRUCT needs CFLEVEL(5); structure {struc} has CFLEVEL({level})",
        8,
        V,
        "emulator (rule DOC-RESETCF note 2)",
        "RESET CFSTRUCT on a structure below level 5.",
    ),
    _m(
        "MQSC307E",
        "The queue sharing group already has {count} application structures, the most it may have",
        8,
        V,
        "emulator (storage rule CF-1 (docs/storage.md#storage-rules))",
        "DEFINE CFSTRUCT beyond 63 structures.",
    ),
    _m(
        "MQSC308E",
        "Structure {struc} already holds {count} shared queues, the most one may hold",
        8,
        V,
        "emulator (storage rule CF-1 (docs/storage.md#storage-rules))",
        "DEFINE QLOCAL QSGDISP(SHARED) beyond 512 queues on one structure.",
    ),
    _m(
        "MQSC309I",
        "Recovery of {struc} on z/OS would take about {seconds} s: restore {restore} "
        "s, then {mb} MB of log read back at {rate} MB/s",
        0,
        V,
        "emulator estimate (storage rules BN-1, BN-5 (docs/storage.md#storage-rules))",
        "What the same recovery costs on real hardware (never measured here).",
    ),
    _m(
        "MQSC310E",
        "CMDSCOPE({scope}) needs a queue sharing group: {qmgr} is not in one",
        8,
        V,
        "emulator",
        "CMDSCOPE other than blank on a queue manager outside a group.",
    ),
    _m(
        "MQSC311E",
        "Queue manager {target} is not an active member of queue sharing group {qsg}",
        8,
        V,
        "emulator",
        "CMDSCOPE names a queue manager the command cannot reach.",
    ),
    _m(
        "MQSC312E",
        "{objtype}({name}) exists with QSGDISP({existing})",
        8,
        V,
        "emulator",
        "A name already used by an object of another disposition (a private queue and a shared "
        "queue may not share a name here).",
    ),
    _m(
        "MQSC320W",
        "{verb} {objtype} is not a z/OS command: it exists on IBM MQ for "
        "Multiplatforms only ({hint})",
        4,
        V,
        "emulator (IBM MQ 9.4 MQSC reference, the command's platform table)",
        "mqsc check: a z/OS queue manager rejects this Multiplatforms command with CSQ9001E, as "
        "any word it does not know; this says why.",
    ),
    _m(
        "MQSC330I",
        "Channel {channel} retrying: {why}",
        0,
        U,
        "emulator (z/OS reports the network error that caused the retry, CSQX2nnE)",
        "A sender channel started but cannot reach its partner in this mqsc home: no "
        "listener on the CONNAME's port, the partner's channel initiator not active, or no "
        "receiver channel of the same name (docs/channels.md).",
    ),
    _m(
        "MQSC331I",
        "Channel {channel}: {count} messages for {queue} put on dead-letter queue "
        "{dlq} of {qmgr}, MQRC {reason}",
        0,
        U,
        "emulator (z/OS puts them on the DLQ with an MQDLH carrying the reason, as IBM "
        "'Using the dead-letter queue' describes)",
        "A channel could not put messages on their target queue; they went to the target "
        "queue manager's dead-letter queue (DEADQ of ALTER QMGR).",
    ),
    _m(
        "MQSC332E",
        "Channel {channel} stopped: {count} messages for {queue} cannot be put on "
        "{qmgr} (MQRC {reason}) and there is no dead-letter queue",
        8,
        U,
        "emulator (z/OS: the channel ends and the sender is left stopped or retrying)",
        "A channel could not deliver and the target has no usable dead-letter queue: the "
        "batch is backed out (the messages stay on the transmission queue) and the channel "
        "stops.",
    ),
    _m(
        "MQSC333E",
        "TRPTYPE({trptype}) listeners cannot start: the home's network carries TCP only",
        8,
        U,
        "emulator",
        "START LISTENER TRPTYPE(LU62): mqsc's network resolves TCP/IP ports only "
        "(docs/channels.md).",
    ),
    _m(
        "MQSC334E",
        "A listener is already listening on port {port}",
        8,
        U,
        "IBM MQ for z/OS START LISTENER usage notes (a request repeating a combination "
        "already listened on fails); the z/OS message is not public",
        "START LISTENER for a port already listened on; nothing changes.",
    ),
    _m(
        "MQSC335E",
        "No listener is listening on port {port}",
        8,
        U,
        "emulator (the z/OS reply is not public)",
        "STOP LISTENER for a port no listener listens on; nothing changes.",
    ),
    _m(
        "MQSC336E",
        "Channel {channel} is CHLTYPE({chltype}): only SDR, SVR, RCVR, RQSTR, CLUSSDR and "
        "CLUSRCVR channels are simulated",
        8,
        U,
        "emulator",
        "START CHANNEL of a client or AMQP channel: mqsc runs sender/receiver, "
        "server/requester and cluster channel pairs only (docs/channels.md).",
    ),
    _m(
        "MQSC337E",
        "Channel {channel} is not in doubt: RESOLVE CHANNEL has nothing to resolve",
        8,
        U,
        "emulator (the z/OS reply is not public)",
        "RESOLVE CHANNEL for a sender with no batch in doubt (DISPLAY CHSTATUS INDOUBT(NO)); "
        "nothing changes.",
    ),
    _m(
        "MQSC338I",
        "Channel {channel}: in-doubt batch of {count} messages (LUWID {luwid}) {outcome}, {how}",
        0,
        U,
        "emulator (IBM 'Channel synchronization' and RESOLVE CHANNEL: a committed batch leaves "
        "the transmission queue, a backed-out one is sent again; z/OS reports it in CSQX "
        "messages that are not public)",
        "A batch a sender was in doubt about is resolved: by its resynchronisation with the "
        "partner when it restarts, or by RESOLVE CHANNEL (docs/channels.md).",
    ),
    _m(
        "MQSC339E",
        "Channel {channel}: only {got} of the {count} messages of its batch are "
        "still on transmission queue {xmitq}; the batch stays in doubt",
        8,
        U,
        "emulator",
        "Messages of a batch the receiver committed were got from the transmission queue "
        "by another program meanwhile; the channel stops and RESOLVE CHANNEL decides.",
    ),
    _m(
        "MQSC340E",
        "Channel {channel} is in doubt: RESOLVE CHANNEL first (MQRCCF 4025)",
        8,
        U,
        "IBM MQRCCF_CHANNEL_INDOUBT (4025): 'The requested operation cannot complete because "
        "the channel is in doubt'; the z/OS message is not public",
        "RESET CHANNEL for a channel with a batch in doubt; nothing changes.",
    ),
    _m(
        "MQSC341I",
        "Channel {channel} ended with a batch of {count} messages in doubt (LUWID {luwid})",
        0,
        U,
        "emulator (IBM 'In-doubt channels': a sender whose conversation ends while waiting "
        "for the receiver's confirmation is in doubt)",
        "The process driving a sender ended (killed) between sending a batch and its "
        "commit; the channel retries and resynchronises with its partner (docs/channels.md).",
    ),
    _m(
        "MQSC342I",
        "Requester channel {channel} ended: {why}",
        0,
        U,
        "emulator (z/OS reports the network error or the partner's refusal in CSQX messages "
        "that are not public)",
        "START CHANNEL of a requester whose CONNAME reaches no server or sender channel of the "
        "same name ready to answer; the requester is inactive again (docs/channels.md).",
    ),
    _m(
        "MQSC384I",
        "{csect} Queue manager {qmgr} suspended from cluster {cluster}, MODE({mode})",
        0,
        U,
        "ours: no IBM id found for this situation; what SUSPEND QMGR does is IBM's "
        "([DOC-SUSPQMGR])",
        "SUSPEND QMGR CLUSTER or CLUSNL: the other queue managers of the cluster are told to "
        "avoid this one (its record says SUSPEND(YES)); MODE(FORCE) stops its cluster-receiver "
        "channels too (docs/clusters.md).",
    ),
    _m(
        "MQSC385I",
        "{csect} Queue manager {qmgr} resumed in cluster {cluster}",
        0,
        U,
        "ours: no IBM id found for this situation ([DOC-SUSPQMGR]: 'Its action can be "
        "reversed by the RESUME QMGR command')",
        "RESUME QMGR CLUSTER or CLUSNL: the queue manager's record says SUSPEND(NO) again.",
    ),
    _m(
        "MQSC386E",
        "{csect} Queue manager {qmgr} is not a member of cluster {cluster}",
        8,
        U,
        "ours: no IBM id found for this situation (the z/OS reply is not public)",
        "SUSPEND, RESUME QMGR or REFRESH CLUSTER naming a cluster none of this queue manager's "
        "cluster-receiver channels is in: nothing changes.",
    ),
    _m(
        "MQSC387I",
        "{csect} REFRESH CLUSTER({cluster}) REPOS({repos}): {count} records discarded, "
        "the full repositories are asked again",
        0,
        U,
        "ours: no IBM id found for this situation; what REFRESH CLUSTER keeps and discards is "
        "IBM's ([DOC-REFCLUS]); z/OS reports its phases in CSQX442I and CSQX443I, whose texts "
        "are not public",
        "REFRESH CLUSTER: what the repository held of other queue managers' objects is "
        "discarded and rebuilt from the full repositories as the channels run.",
    ),
    _m(
        "MQSC388I",
        "{csect} Queue manager {qmname} ({qmid}) removed from cluster {cluster}, "
        "{queues} cluster queues removed",
        0,
        U,
        "ours: no IBM id found for this situation; the removal is IBM's ([DOC-RESETCLUS])",
        "RESET CLUSTER ACTION(FORCEREMOVE) on a full repository: the queue manager's record "
        "(and with QUEUES(YES) its queues) goes from the cluster.",
    ),
    _m(
        "MQSC389E",
        "{csect} {qmgr} is not a full repository for cluster {cluster}: RESET CLUSTER not actioned",
        8,
        U,
        "ours: no IBM id found for this situation ([DOC-RESETCLUS]: 'This action can be "
        "requested by a repository queue manager only')",
        "RESET CLUSTER on a queue manager that holds no full repository for the cluster: "
        "nothing changes.",
    ),
    _m(
        "MQSC390E",
        "{csect} RESET CLUSTER({cluster}) not actioned: {why}",
        8,
        U,
        "ours: no IBM id found for this situation ([DOC-RESETCLUS]: 'If QMNAME is used, and "
        "there is more than one queue manager in the cluster with that name, the command is "
        "not actioned')",
        "RESET CLUSTER naming no queue manager the full repository knows, several of one name "
        "(use QMID), this queue manager itself, or neither or both of QMNAME and QMID: "
        "nothing changes.",
    ),
    _m(
        "MQSC392E",
        "{csect} Cluster-sender channel {channel} does not lead to a full repository for "
        "cluster {cluster}: {qmgr} is not one",
        8,
        U,
        "ours: the z/OS message for this situation (CSQX427E in IBM MQ's numbering, recalled, "
        "not found in any stored source) is not public; the rule is IBM's (a manually defined "
        "cluster-sender channel must lead to a full repository, [DOC-CLUSCHL])",
        "A manually defined cluster-sender channel started and found its partner is not a "
        "full repository for the channel's cluster: this queue manager does not join through "
        "it (docs/clusters.md).",
    ),
    _m(
        "MQSC393E",
        "{csect} Cluster information for {cluster} from {qmgr} not used: {me} is not a full "
        "repository for it",
        8,
        U,
        "ours: no IBM id found for this situation (the receiving side of a cluster-sender "
        "channel that leads to no full repository)",
        "A queue manager that is not a full repository for a cluster received another's own "
        "records for it (a cluster-sender channel defined to the wrong queue manager): they "
        "are discarded.",
    ),
    _m(
        "MQSC580E",
        "{csect} NO IN-DOUBT THREAD OF {name} MATCHES NID({nid})",
        8,
        V,
        "emulator (z/OS answers from its CSQV messages, whose texts are not public)",
        "RESOLVE INDOUBT found no in-doubt unit of recovery for that connection name and "
        "origin id (DISPLAY THREAD(*) TYPE(INDOUBT) lists them); nothing was changed.",
    ),
    _m(
        "MQSC581I",
        "{csect} THREAD NID={nid} {action}",
        0,
        V,
        "emulator (z/OS answers from its CSQV messages, whose texts are not public)",
        "RESOLVE INDOUBT committed or backed out one in-doubt unit of recovery.",
    ),
    _m(
        "MQSC582E",
        "{csect} Configuration events are not enabled (MQRCCF_EVENTS_DISABLED, "
        "3224): no configuration event messages were generated",
        8,
        V,
        "emulator; reason: IBM MQ 'MQRCCF_EVENTS_DISABLED (3224)': 'The command required "
        "performance or configuration events to be enabled'",
        "REFRESH QMGR TYPE(CONFIGEV) while the queue manager's CONFIGEV is DISABLED: there is "
        "no configuration event to refresh, as z/OS answers; nothing was changed.",
    ),
    _m(
        "MQSC583E",
        "{csect} REFRESH QMGR TYPE(EARLY) is valid only while the queue manager is not active",
        8,
        V,
        "emulator; rule: IBM MQ 'REFRESH QMGR', command sources table: 'Queue manager must "
        "not be active'",
        "REFRESH QMGR TYPE(EARLY) on a running queue manager; nothing was changed.",
    ),
    _m(
        "MQSC584I",
        "{csect} {count} expired messages discarded from {queue}",
        0,
        V,
        "emulator (the z/OS reply to an expiry scan is not public)",
        "REFRESH QMGR TYPE(EXPIRY) found and discarded expired messages on that queue.",
    ),
    _m(
        "MQSC372I",
        "{csect} Channel {channel} ping complete: {length} bytes sent and returned",
        0,
        V,
        "emulator; IBM MQ 'Checking links using Ping': 'The result of the message "
        "exchange is presented as Ping complete or an error message' (the z/OS message is not "
        "public)",
        "PING CHANNEL reached the partner's receiving channel and had its data back.",
    ),
    _m(
        "MQSC373E",
        "{csect} Channel {channel} ping failed: {why}",
        8,
        V,
        "emulator (z/OS reports the network error or the partner's refusal in CSQX messages "
        "that are not public)",
        "PING CHANNEL: the CONNAME reaches no queue manager with an "
        "active channel initiator and listener, or its receiving channel is stopped or not "
        "defined; nothing was changed.",
    ),
    _m(
        "MQSC374E",
        "{csect} Channel {channel} is a {chltype} channel: only a sender, server or "
        "cluster-sender can be pinged (MQRCCF_PING_ERROR, 4030)",
        8,
        V,
        "emulator; reason: IBM MQ '4030 (0FBE) (RC4030): MQRCCF_PING_ERROR': 'A ping operation "
        "can only be issued for a sender or server channel'",
        "PING CHANNEL of a receiver, requester or client channel; nothing was changed.",
    ),
    _m(
        "MQSC375E",
        "{csect} {verb} QMGR FACILITY(DB2) needs a queue sharing group: this queue "
        "manager uses no Db2",
        8,
        V,
        "emulator (IBM MQ 'SUSPEND QMGR': FACILITY(DB2) "
        "'Terminates the existing connection to Db2'; a queue manager outside a group has "
        "none; the z/OS reply is not public)",
        "SUSPEND or RESUME QMGR FACILITY(DB2) outside a queue sharing group; nothing changed.",
    ),
    _m(
        "MQSC376E",
        "{csect} The Db2 connection is already {state}",
        8,
        V,
        "emulator (the z/OS reply is not public)",
        "SUSPEND QMGR FACILITY(DB2) while suspended, or RESUME while connected.",
    ),
    _m(
        "MQSC377I",
        "{csect} Db2 connection suspended: group objects and shared queue "
        "definitions wait for RESUME QMGR FACILITY(DB2)",
        0,
        V,
        "emulator (the z/OS messages of the Db2 manager, CSQ5..., are not public for this)",
        "SUSPEND QMGR FACILITY(DB2): the queue manager left the shared repository.",
    ),
    _m(
        "MQSC378I",
        "{csect} Db2 connection resumed",
        0,
        V,
        "emulator (the z/OS messages of the Db2 manager, CSQ5..., are not public for this)",
        "RESUME QMGR FACILITY(DB2): the queue manager uses the shared repository again.",
    ),
    _m(
        "MQSC379E",
        "{csect} QSGDISP({qsgdisp}) needs Db2, which is suspended (RESUME QMGR FACILITY(DB2))",
        8,
        V,
        "emulator (z/OS answers MQRC_DB2_NOT_AVAILABLE, 2342, in a message that is not public)",
        "A change to a group object or a shared queue definition while SUSPEND QMGR "
        "FACILITY(DB2) holds; nothing changed.",
    ),
    _m(
        "MQSC380E",
        "{csect} {verb} QMGR FACILITY(IMSBRIDGE): the IMS bridge is not active (no "
        "OTMA connection, OTMACON, is configured)",
        8,
        V,
        "emulator (IBM MQ 'SUSPEND QMGR': FACILITY(IMSBRIDGE) 'Stops the sending of new "
        "messages from the IMS bridge to OTMA'; mqsc has no IMS bridge)",
        "SUSPEND or RESUME QMGR FACILITY(IMSBRIDGE): there is no bridge to suspend.",
    ),
    _m(
        "MQSC381E",
        "{csect} {command}: the IMS bridge is not active (no OTMA connection, "
        "OTMACON, is configured); nothing was changed",
        8,
        V,
        "emulator (the z/OS reply of a queue manager without an IMS bridge is not public)",
        "RESET TPIPE: mqsc has no IMS bridge (no OTMA, no IMS), so there is no transaction "
        "pipe to reset, as on a queue manager with no OTMA connection.",
    ),
    _m(
        "MQSC585E",
        "{csect} Topic string '{topicstr}' has no retained publication",
        8,
        V,
        "emulator (the z/OS reply is not public; PCF 'Clear Topic String' fails for a topic "
        "string with nothing to clear)",
        "CLEAR TOPICSTR CLRTYPE(RETAINED) of a topic string "
        "that keeps no retained publication (DISPLAY TPSTATUS shows RETAINED); nothing changed.",
    ),
    _m(
        "MQSC586I",
        "{csect} {count} Refresh object configuration events put on SYSTEM.ADMIN.CONFIG.EVENT",
        0,
        V,
        "emulator (z/OS answers REFRESH QMGR TYPE(CONFIGEV) with its completion only; IBM "
        "'Refresh object': 'one event is generated for each object that is selected')",
        "REFRESH QMGR TYPE(CONFIGEV) selected this many objects and put one event for each.",
    ),
    _m(
        "MQSC587E",
        "{csect} Retained publication of '{topicstr}' cannot be delivered to {dest} "
        "(MQRC {code}) nor to the dead-letter queue: SUB({sub}) not defined "
        "(MQRC_RETAINED_NOT_DELIVERED, 2526)",
        8,
        V,
        "emulator; reason: IBM MQ '2526 (09DE) (RC2526): MQRC_RETAINED_NOT_DELIVERED': the "
        "retained publications 'cannot be delivered to the subscription destination queue and "
        "have subsequently failed to be delivered to the dead-letter queue ... the "
        "subscription is not created'",
        "DEFINE SUB of a new subscription whose topic strings keep retained publications: "
        "its destination refused one (full, PUT(DISABLED), a page set full...) and so did the "
        "dead-letter queue (or there is none); nothing was defined.",
    ),
    _m(
        "MQSC840E",
        "{csect} CFSTRUCT({struc}) does not use shared message data sets (it needs "
        "CFLEVEL(5) OFFLOAD(SMDS))",
        8,
        V,
        "emulator; rule: IBM MQ 'ALTER SMDS': 'only "
        "supported when the CFSTRUCT definition is using the option OFFLOAD(SMDS)'",
        "An SMDS or SMDSCONN command for a structure that offloads to Db2, or none.",
    ),
    _m(
        "MQSC841E",
        "{csect} SMDS({qmgr}) names no queue manager of the group for CFSTRUCT({struc})",
        8,
        V,
        "emulator (the z/OS reply is not public)",
        "An SMDS or SMDSCONN command names a queue manager that is not a member.",
    ),
    _m(
        "MQSC842I",
        "{csect} Connection to SMDS({qmgr}) CFSTRUCT({struc}) {state}",
        0,
        V,
        "emulator (z/OS reports it in CSQE messages that are not public)",
        "START or STOP SMDSCONN changed this queue manager's use of that data set.",
    ),
    _m(
        "MQSC843E",
        "{csect} SMDS({qmgr}) CFSTRUCT({struc}) is {status}: only a FAILED data set "
        "can be marked RECOVERED",
        8,
        V,
        "emulator (the z/OS reply is not public)",
        "RESET SMDS STATUS(RECOVERED) of a data set that has not failed; nothing changed.",
    ),
    _m(
        "MQSC394E",
        "{csect} {verb} QMGR takes one of CLUSTER, CLUSNL, FACILITY and LOG: {given} given",
        8,
        U,
        "ours: no IBM id found for this situation; the rule is IBM's syntax diagram "
        "([DOC-SUSPQMGR]: CLUSTER | CLUSNL | FACILITY | LOG)",
        "SUSPEND QMGR or RESUME QMGR with none, or more than one, of what it suspends: nothing "
        "changes.",
    ),
    _m(
        "MQSC322E",
        "DISPLAY GROUP needs a queue sharing group: {qmgr} is not in one",
        8,
        V,
        "emulator (IBM MQ for z/OS DISPLAY GROUP: valid only when the queue manager is a member "
        "of a queue sharing group; the z/OS reply is not public)",
        "DISPLAY GROUP on a queue manager outside a queue sharing group.",
    ),
    _m(
        "MQSC004E",
        "Command prefix '{cpf}' does not belong to queue manager {qmgr}",
        8,
        V,
        "emulator (the console answers MQSC007E: no subsystem owns the prefix)",
        "A command was typed with another queue manager's prefix.",
    ),
    # ---- Batch and lint ----------------------------------------------------------
    # CSQUTIL ([DOC-CSQUTIL-CMD]; secondary sources). CSQU messages
    # carry no CPF. The one real SYSPRINT capture [GH-CSQUTIL] shows the csect after the id for
    # messages issued by CSQUTIL itself and two blanks after the id for the others: those
    # templates start with a blank. CSQU144I prints an empty insert in the capture (two blanks
    # between count and text, sic).
    _m(
        "CSQU000I",
        "{csect} IBM MQ for z/OS {version}",
        0,
        V,
        "[DOC-CSQU] [GH-CSQUTIL]",
        "CSQUTIL report header: the product release.",
        cpf=False,
    ),
    _m(
        "CSQU001I",
        "{csect} Queue Manager Utility - {date} {time}",
        0,
        V,
        "[DOC-CSQU] [GH-CSQUTIL]",
        "CSQUTIL report header; a copy of the SYSIN statements follows.",
        cpf=False,
    ),
    _m(
        "CSQU002E",
        " Unable to get storage of size {size} bytes, return code={rc}",
        8,
        V,
        "[DOC-CSQU]",
        "A storage request failed; the function ends.",
        cpf=False,
        not_issued="the emulated utility never runs out of storage.",
    ),
    _m(
        "CSQU003E",
        " Unable to free storage at {address}, return code={rc}",
        8,
        V,
        "[DOC-CSQU]",
        "Freeing storage failed; usually ignored.",
        cpf=False,
        not_issued="the emulated utility never fails to free storage.",
    ),
    _m(
        "CSQU007E",
        " MQCMIT failed. MQCC={mqcc} MQRC={mqrc} ({mqrc_text})",
        8,
        V,
        "[DOC-CSQU]",
        "A commit failed; the updates are backed out.",
        cpf=False,
        not_issued="every command commits on its own in mqsc: there is no MQCMIT to fail.",
    ),
    _m(
        "CSQU009E",
        " MQCONN failed for {conn}. MQCC={mqcc} MQRC={mqrc} ({mqrc_text})",
        8,
        V,
        "[DOC-CSQU]",
        "CSQUTIL could not connect to the queue manager in its PARM (in mqsc: no such queue "
        "manager, MQRC 2058; another process held it past MQSC_LOCK_TIMEOUT, MQRC 2059).",
        cpf=False,
    ),
    _m(
        "MQSC250E",
        " MQOPEN failed for {queue}. MQCC={mqcc} MQRC={mqrc} ({mqrc_text})",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU013E; shape of the VERIFIED "
        "CSQU007E/CSQU009E; id from recollection)",
        "The command queue of the TGTQMGR queue manager could not be opened (in mqsc: no such "
        "queue manager, MQRC 2087).",
        cpf=False,
    ),
    _m(
        "CSQU055I",
        " Target queue manager is {qmgr}",
        0,
        V,
        "[GH-CSQUTIL]",
        "Where the COMMAND function sends its commands (TGTQMGR, else the connected one).",
        cpf=False,
    ),
    _m(
        "CSQU056I",
        " Making commands in {ddname} data set",
        0,
        U,
        "[DOC-CSQUTIL-CMD] documents this id for this situation "
        "(MAKEDEF/MAKEREP/MAKEALT/MAKEDEL); text UNVERIFIED",
        "MAKEDEF/MAKEREP/MAKEALT/MAKEDEL: where the generated commands go.",
        cpf=False,
    ),
    _m(
        "CSQU057I",
        " {count} commands read",
        0,
        V,
        "[GH-CSQUTIL]",
        "Commands the COMMAND function read from its input data set.",
        cpf=False,
    ),
    _m(
        "CSQU058I",
        " {count} commands issued and responses received, {failed} failed",
        0,
        V,
        "[GH-CSQUTIL]",
        "Commands sent to the command server, and how many failed.",
        cpf=False,
    ),
    _m(
        "CSQU059I",
        " {count} commands made",
        0,
        U,
        "[DOC-CSQUTIL-CMD] documents this id for this situation "
        "(MAKEDEF/MAKEREP/MAKEALT/MAKEDEL); text UNVERIFIED",
        "How many commands MAKEDEF/MAKEREP/MAKEALT/MAKEDEL wrote.",
        cpf=False,
    ),
    # The other CSQUTIL functions. Their SYSPRINT texts were not found in the IBM
    # documentation searched (the CSQU message page lists ids with meanings): ids and wording
    # are recollection, every one UNVERIFIED.
    _m(
        "MQSC251E",
        " MQGET failed for {queue}. MQCC={mqcc} MQRC={mqrc} ({mqrc_text})",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU014E; shape of the VERIFIED "
        "CSQU007E/CSQU009E; id from recollection)",
        "EMPTY could not get the messages of a queue (GET(DISABLED): 2016).",
        cpf=False,
    ),
    _m(
        "MQSC252E",
        " MQPUT failed for {queue}. MQCC={mqcc} MQRC={mqrc} ({mqrc_text})",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU015E; shape of the VERIFIED "
        "CSQU007E/CSQU009E; id from recollection)",
        "LOAD or SLOAD could not put a message back (queue full, PUT(DISABLED), page set full); "
        "the messages already put stay, as after a real LOAD's last syncpoint.",
        cpf=False,
    ),
    _m(
        "MQSC253I",
        " Queue {queue} with {count} messages has been processed",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU031I; recollection (COPY, SCOPY, "
        "EMPTY, LOAD, SLOAD per queue))",
        "A queue function handled this many messages of the queue.",
        cpf=False,
    ),
    _m(
        "MQSC254I",
        " Page set {psid} with {count} queues has been processed",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU032I; recollection)",
        "COPY, SCOPY or EMPTY PSID(n): how many queues the page set held.",
        cpf=False,
    ),
    _m(
        "MQSC255E",
        " {ddname} data set contains invalid records",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU061E; recollection)",
        "LOAD or SLOAD read a record COPY did not write; nothing is loaded.",
        cpf=False,
    ),
    _m(
        "MQSC256E",
        " Queue {queue} is not in the {ddname} data set",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU062E; recollection)",
        "LOAD or SLOAD FROMQUEUE (or SLOAD QUEUE) names a queue the data set does not hold.",
        cpf=False,
    ),
    _m(
        "MQSC257E",
        " Queue manager {qmgr} is running: {function} needs it stopped",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU063E; emulator wording of the rule in "
        "'IBM MQ utility program (CSQUTIL)': the page set functions and SCOPY/SDEFS read page "
        "sets no running queue manager owns)",
        "An offline function was run while the queue manager owning the page sets runs.",
        cpf=False,
    ),
    _m(
        "MQSC278I",
        " Executing {function} using output to {ddname} data set",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU128I; shape of the VERIFIED CSQU127I; "
        "id from recollection)",
        "A function starts writing its output data set (COPY, SCOPY, SDEFS).",
        cpf=False,
    ),
    _m(
        "MQSC279I",
        " Executing {function} for {scope}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU129I; recollection)",
        "A queue or page-set function starts on its queue or page set (EMPTY).",
        cpf=False,
    ),
    _m(
        "MQSC280I",
        "{csect} {function} completed for data set {ddname}",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU150I; recollection)",
        "FORMAT, PAGEINFO, COPYPAGE or RESETPAGE finished one page set data set.",
        cpf=False,
    ),
    _m(
        "MQSC281E",
        "{csect} No {prefix}nnnn data sets found",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU151I; recollection)",
        "A page set function has no DD statement in its range (CSQP0000-CSQP0099...).",
        cpf=False,
    ),
    _m(
        "MQSC282E",
        "{csect} {ddname} data set {dsn} is not a VSAM linear cluster",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU152E; rule: 'Formatting page sets "
        "(FORMAT)' (page sets are linear data sets))",
        "A page set DD names a sequential data set or a non-linear cluster.",
        cpf=False,
    ),
    _m(
        "MQSC283E",
        "{csect} {ddname} data set {dsn} is already formatted; FORCE and a REUSE cluster reuse it",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU153E; rule: 'Formatting page sets "
        "(FORMAT)', FORCE keyword)",
        "FORMAT without FORCE on a formatted data set, or FORCE on a cluster defined without "
        "REUSE.",
        cpf=False,
    ),
    _m(
        "MQSC284E",
        "{csect} {ddname} data set {dsn} is page set {psid} of queue manager {qmgr}, "
        "which is running",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU154E; rule: 'Formatting page sets "
        "(FORMAT)' usage notes (not a running queue manager's))",
        "A page set function was given the data set of a page set in use.",
        cpf=False,
    ),
    _m(
        "MQSC285E",
        "{csect} {ddname} data set {dsn} is not formatted",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU155E; recollection)",
        "PAGEINFO, COPYPAGE or RESETPAGE read a data set FORMAT never formatted.",
        cpf=False,
    ),
    _m(
        "MQSC288E",
        "{csect} Target page set {target} is smaller than source page set {source}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU158E; recollection; rule: 'Expanding a "
        "page set (COPYPAGE)' (no copy to a smaller page set))",
        "COPYPAGE target smaller than its source.",
        cpf=False,
    ),
    _m(
        "MQSC290I",
        "{csect} Page set {psid} in {ddname}: {pages} pages, queue manager {qmgr}, "
        "formatted TYPE({type})",
        0,
        U,
        "ours: no IBM id found for this situation (was CSQU160I; recollection; content from 'Page "
        "set information (PAGEINFO)' (page set number, pages, queue manager, utility status))",
        "PAGEINFO: what a page set data set says about itself.",
        cpf=False,
    ),
    _m(
        "MQSC291E",
        "IFASMFDP statement not used: {problem}",
        8,
        V,
        "emulator",
        "IFASMFDP's SYSIN has a statement or value it does not take (docs/smf.md lists them); "
        "nothing is dumped or cleared (return code 8).",
    ),
    _m(
        "MQSC292E",
        "IFASMFDP needs a DD statement {ddname}, its {role}; nothing was dumped",
        8,
        V,
        "emulator",
        "An INDD or OUTDD names a DD the step does not have (return code 8).",
    ),
    _m(
        "MQSC293E",
        "IFASMFDP cannot clear {ddname} ({dsn}): only an SMF data set (SYS1.MANx) is cleared",
        8,
        V,
        "emulator",
        "OPTIONS(CLEAR) or OPTIONS(ALL) names a data set SMF does not record in (return code 8).",
    ),
    _m(
        "MQSC294E",
        "IFASMFDP {ddname}: records from here on cannot be read: {problem}",
        8,
        V,
        "emulator",
        "The input holds something that is not a record behind its RDW; what came before it is "
        "dumped, and it counts as a record in error (return code 4).",
    ),
    _m(
        "MQSC260E",
        " {ddname} DD statement missing",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU100E; recollection (the CSQU syntax "
        "message texts are not in IBM's documentation))",
        "A data set the statement names has no DD statement; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC262E",
        " No functions requested",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU102E; recollection (secondary sources))",
        "SYSIN holds no function statement; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC264E",
        " Invalid value {value} for keyword {keyword}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU104E; recollection (secondary sources))",
        "A keyword value is not allowed; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC265E",
        " Incompatible keywords or values for {function} function",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU105E; recollection (secondary sources))",
        "Keywords that cannot be used together, or one given twice; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC266E",
        " Invalid function {function}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU106E; recollection (secondary sources))",
        "The statement does not start with a CSQUTIL function; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC267E",
        " Invalid function statement syntax",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU107E; recollection (secondary sources))",
        "The statement cannot be read (parentheses, quotes); nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC268E",
        " Value missing for keyword {keyword}",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU108E; recollection (secondary sources))",
        "A keyword needs a value in parentheses; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "MQSC269E",
        "THE JOB HAS MORE THAN {limit} EXEC STATEMENTS, PROCEDURE STEPS INCLUDED",
        8,
        V,
        'ours: the limit is IBM\'s (z/OS MVS JCL Reference, "EXEC statement"); the message '
        "z/OS gives for it was not found",
        "A job, with the steps of the procedures it calls, has more than 255 steps: the job "
        "fails with a JCL error and no step runs; the EXEC statements after the limit are not "
        "read.",
        cpf=False,
    ),
    _m(
        "MQSC273E",
        " Invalid keyword {keyword} for {function} function",
        8,
        U,
        "ours: no IBM id found for this situation (was CSQU113E; recollection (secondary sources))",
        "The function does not take this keyword; nothing is run (RC 12).",
        cpf=False,
    ),
    _m(
        "CSQU120I",
        " Connecting to {qmgr}",
        0,
        V,
        "[GH-CSQUTIL]",
        "CSQUTIL connects to the queue manager named in its PARM.",
        cpf=False,
    ),
    _m(
        "CSQU121I",
        " Connected to queue manager {qmgr}",
        0,
        V,
        "[GH-CSQUTIL]",
        "The connection succeeded.",
        cpf=False,
    ),
    _m(
        "CSQU127I",
        " Executing {function} using input from {ddname} data set",
        0,
        V,
        "[GH-CSQUTIL]",
        "A function starts reading its input data set.",
        cpf=False,
    ),
    _m(
        "CSQU143I",
        " {count} {function} statements attempted",
        0,
        V,
        "[GH-CSQUTIL]",
        "Function statements CSQUTIL tried to run.",
        cpf=False,
    ),
    _m(
        "CSQU144I",
        " {count} {function} statements executed successfully",
        0,
        V,
        "[GH-CSQUTIL] (printed with an empty function insert)",
        "Function statements that succeeded (FAILURE(IGNORE) counts a COMMAND function whose "
        "commands failed as successful).",
        cpf=False,
    ),
    _m(
        "CSQU147I",
        "{csect} Utility terminated, return code={rc}",
        0,
        U,
        "[WMB-CSQUTIL-RC] documents this id for this situation ('message CSQU147I replaces the "
        "normal completion message CSQU148I'); text UNVERIFIED",
        "A function failed and no further functions were attempted (replaces CSQU148I).",
        cpf=False,
    ),
    _m(
        "CSQU148I",
        "{csect} Utility completed, return code={rc}",
        0,
        V,
        "[GH-CSQUTIL]",
        "CSQUTIL ended; the return code is the step's condition code.",
        cpf=False,
    ),
    # Lint rules beyond syntax (docs/ci.md lists each rule with its test). Severity 4: z/OS
    # accepts these decks; they do something other than what their author most likely meant.
    _m(
        "MQSC201W",
        "'*' in column {column} is command text, not a comment: only a '*' in "
        "column 1 starts a comment",
        4,
        V,
        "emulator lint ([DOC-SCRIPTS])",
        "A line meant as a comment becomes part of a command.",
    ),
    _m(
        "MQSC202W",
        "Text past column 72 is ignored on z/OS: {lost}",
        4,
        V,
        "emulator lint ([DOC-SCRIPTS]); IBM MQ for z/OS, 'Initialization data set formats' and "
        "CSQUTIL COMMAND usage notes: only columns 1 through 72 are significant, 73 through 80 "
        "are ignored",
        "Initialization data sets, CSQUTIL input and in-stream job data use columns 1-72 only; "
        "the rest is cut. `mqsc check` warns on every deck, card images or not.",
    ),
    _m(
        "MQSC204W",
        "Comment line inside a continued command: line {line} ends with "
        "'{character}', so the command goes on after the comment",
        4,
        V,
        "emulator lint ([DOC-SCRIPTS]: a continued command skips comment and blank lines)",
        "A '* comment' after a continued line does not end the command.",
    ),
    _m(
        "MQSC205W",
        "DEFINE {objtype}({name}) has no REPLACE: replaying the deck fails with "
        "MQSC595E once the object exists",
        4,
        V,
        "emulator lint (peers: decks applied at every start need REPLACE)",
        "A deck meant to be replayed (CSQINP2, --replay) defines an object without REPLACE.",
    ),
    _m(
        "MQSC206W",
        "DEFINE {objtype}({name}) REPLACE resets {attributes} to the defaults: "
        "REPLACE re-creates the object from the attributes on the command",
        4,
        V,
        "emulator lint ([DOC-DEFQL] runmqsc capture: REPLACE resets unspecified attributes)",
        "Attributes the existing object had are silently lost.",
    ),
    _m(
        "MQSC207W",
        "Queue {queue} uses storage class {stgclass}, which maps to page set 0: "
        "keep page set 0 for object definitions",
        4,
        V,
        "emulator lint ([DOC-PAGESETS]: page set 0 holds the object definitions, storage rule "
        "PS-5 (docs/storage.md#storage-rules))",
        "Messages on page set 0 compete with the queue manager's own definitions for space.",
    ),
    _m(
        "MQSC208W",
        "Buffer pool {pool} is down to {percent}% stealable buffers ({stealable} of "
        "{buffers}) after the deck: keep it above 15%",
        4,
        V,
        "emulator lint ([D-V6BP] 15% free rule, storage rule ST-5 (docs/storage.md#storage-rules))",
        "Below 15% stealable the pool writes pages to its page sets and reads them back.",
    ),
    # Emulator limits of the batch front ends.
    _m(
        "MQSC210E",
        "CSQUTIL {item} is not supported by mqsc (docs/batch.md lists what is)",
        8,
        V,
        "emulator",
        "The statement names a real CSQUTIL function or keyword mqsc does not emulate; "
        "nothing is run (RC 12).",
    ),
    _m(
        "MQSC211E",
        "JCL {feature} is not supported by mqsc's JCL subset (docs/batch.md)",
        8,
        V,
        "emulator",
        "The job uses JCL the emulator does not run; the job is not run.",
    ),
    _m(
        "MQSC213E",
        "{program} {what} are not emulated by mqsc (docs/batch.md lists what is)",
        8,
        V,
        "emulator",
        "A utility was given input mqsc does not act on; nothing is done.",
    ),
    _m(
        "MQSC212E",
        "Program {program} ended abnormally in mqsc: {problem}",
        8,
        V,
        "emulator",
        "A data set could not be read or written (the step abends S013, as an OPEN failure "
        "does), or the program hit an mqsc bug (S0C4; MQSC_STRICT=1 raises it instead).",
    ),
    # ---- The system parameter module and the log (own ids MQSC650-MQSC669; the assembler and
    # binder steps MQSC220-MQSC222) -------------------------------------------------------
    _m(
        "MQSC220E",
        "Operation {operation} is not a system parameter macro (CSQ6SYSP, CSQ6LOGP, "
        "CSQ6ARVP, CSQ6USGP)",
        8,
        V,
        "emulator",
        "An ASMA90 step of a system parameter job assembles only the system parameter macros "
        "(the library it reads, thlqual.SCSQMACS, has no other); severity 8, RC 8.",
        cpf=False,
    ),
    _m(
        "MQSC221I",
        "Load module {member} {action} in {library}: control sections {sections}",
        0,
        V,
        "emulator",
        "An IEWL step bound the system parameter module (the CSQ4ZPRM job's link-edit step).",
        cpf=False,
    ),
    _m(
        "MQSC222E",
        "Load module not bound: {problem}",
        8,
        V,
        "emulator",
        "The IEWL step could not bind the module (RC 12); nothing was written.",
        cpf=False,
    ),
    _m(
        "MQSC650I",
        "Restart read the log from RBA {start} to RBA {end}: {active} MB from active logs, "
        "{archive} MB from archive logs, {seconds} s (active and uncompressed archive logs at "
        "110 MB/s, compacted archives at 38 MB/s)",
        0,
        V,
        "emulator (storage rule BN-5 (docs/storage.md#storage-rules))",
        "START QMGR: how much log the restart read back from the last checkpoints, and how "
        "long that takes on the simulated clock.",
    ),
    _m(
        "MQSC651E",
        "System parameter module {module} was not found: START QMGR PARM({module}) needs a load "
        "module in a load library (the CSQ4ZPRM job binds one, docs/system-parameters.md)",
        8,
        V,
        "emulator",
        "START QMGR PARM(name) named a module no load library holds; the queue manager stays "
        "stopped.",
    ),
    _m(
        "MQSC652E",
        "{dsname} is not a cataloged VSAM linear data set: define it with IDCAMS DEFINE CLUSTER "
        "(... LINEAR) first",
        8,
        V,
        "emulator [DOC-DEFLOG]",
        "DEFINE LOG names a data set the data set catalog does not have as a linear cluster; "
        "nothing is changed.",
    ),
    _m(
        "MQSC653E",
        "{dsname} cannot be added to the COPY{copy} active log: {why}",
        8,
        V,
        "emulator [DOC-DEFLOG]",
        "DEFINE LOG names a data set the log already uses, or the log copy has its 310 data "
        "sets; nothing is changed.",
    ),
    _m(
        "MQSC654E",
        "ARCHIVE LOG is not done: {why}",
        8,
        V,
        "emulator [DOC-ARCHLOG]",
        "A previous ARCHIVE LOG is still offloading, the current active log data set is the "
        "last available one, logging is suspended, or MODE(QUIESCE) found units of work "
        "still in progress; nothing is changed.",
    ),
    _m(
        "MQSC655I",
        "ARCHIVE LOG: active log truncated at RBA {rba}; data sets to offload: {count}; the "
        "offload ends at {until}",
        0,
        V,
        "emulator [DOC-ARCHLOG]",
        "ARCHIVE LOG switched the log and started the offload of the data sets not yet archived.",
    ),
    _m(
        "MQSC656E",
        "RECOVER BSDS is not done: {why}",
        8,
        V,
        "emulator [DOC-RECBSDS]",
        "The BSDS is already in dual mode, single BSDS was chosen (TWOBSDS=NO), or no new data "
        "set of the failed copy's name is cataloged; nothing is changed.",
    ),
    _m(
        "MQSC657I",
        "{count} archive log data sets in the BSDS; the newest: {dsname}, STARTRBA={start} "
        "ENDRBA={end}",
        0,
        V,
        "emulator [DOC-BSDS]",
        "DISPLAY ARCHIVE: the archive log inventory the offloads recorded (the print log map "
        "utility CSQJU004 lists it on z/OS).",
    ),
    _m(
        "MQSC658E",
        "{qmgr} is not a {relation} of this queue manager: it has no publish/subscribe hierarchy",
        8,
        V,
        "emulator [DOC-RESETQM]",
        "RESET QMGR TYPE(PUBSUB) CHILD or PARENT names a queue manager that is not one; mqsc "
        "keeps no publish/subscribe hierarchies, so no name is.",
    ),
    _m(
        "MQSC659E",
        "{problem}",
        8,
        V,
        "emulator (the parameter's range: docs/system-parameters.md)",
        "SET SYSTEM, LOG or ARCHIVE gave a value its parameter does not take; nothing is changed.",
    ),
    _m(
        "MQSC660I",
        "{kind} {name}({value}) is in effect until the queue manager stops (module value: "
        "{initial})",
        0,
        V,
        "emulator [DOC-SETSYS] [DOC-SETLOG] [DOC-SETARC]",
        "SET SYSTEM, LOG or ARCHIVE changed a parameter for the running queue manager only.",
    ),
    _m(
        "MQSC661I",
        "Log and update activity {state} at RBA {rba}",
        0,
        V,
        "emulator (SUSPEND QMGR / RESUME QMGR LOG)",
        "SUSPEND QMGR LOG suspended logging (after a checkpoint), RESUME QMGR LOG resumed it.",
    ),
    _m(
        "MQSC662E",
        "Logging is suspended (SUSPEND QMGR LOG): {command} would write to the log; RESUME QMGR "
        "LOG first",
        8,
        V,
        "emulator",
        "A command that changes something was refused while logging is suspended: on z/OS it "
        "would wait for RESUME QMGR LOG, which only another command can give.",
    ),
    _m(
        "MQSC666E",
        "Logging is suspended (SUSPEND QMGR LOG): the {operation} on {queue} is not done; "
        "RESUME QMGR LOG first",
        8,
        V,
        "emulator",
        "An MQI call that would write to the log came while logging is suspended. On z/OS the "
        "call waits until RESUME QMGR LOG (IBM documents no reason code for it); mqsc does not "
        "hold the caller, so the call is not done and gives no MQ reason code: nothing changed.",
    ),
    _m(
        "MQSC667E",
        "BSDS copy {dsname} cannot be opened (the data set catalog does not hold it): the queue "
        "manager runs in single BSDS mode with {good} until RECOVER BSDS",
        8,
        V,
        "emulator [DOC-BSDSINFO] [DOC-RECBSDS]",
        "A dual BSDS copy was deleted (IDCAMS DELETE while the queue manager was stopped): the "
        "start goes on with the other copy. IBM documents the single BSDS mode; the CSQJ "
        "message z/OS writes for it was not found, so this id is ours.",
    ),
    _m(
        "MQSC668I",
        "Dual BSDS mode restored: {dsname} allocated and copied from {good}",
        0,
        V,
        "emulator [DOC-RECBSDS]",
        "RECOVER BSDS allocated a data set with the lost copy's name and copied the good copy "
        "onto it.",
    ),
    _m(
        "MQSC663I",
        "MAXSMSGS({value}): the most messages a task may get or put within a single unit of "
        "recovery (the queue manager's MAXUMSGS)",
        0,
        V,
        "emulator [DOC-DISMAXSM]",
        "DISPLAY MAXSMSGS.",
    ),
    _m(
        "MQSC664I",
        "{dsname} added to the COPY{copy} active log ({megabytes} MB): the log switches to it "
        "after the data sets it has now",
        0,
        V,
        "emulator [DOC-DEFLOG]",
        "DEFINE LOG added a data set to the ring of active logs (recorded in the BSDS, so it "
        "stays after a restart).",
    ),
    _m(
        "MQSC665I",
        "ARCHIVE LOG CANCEL OFFLOAD: the offload starts again with the oldest active log data "
        "set not archived; data sets to offload: {count}; the offload ends at {until}",
        0,
        V,
        "emulator [DOC-ARCHLOG]",
        'ARCHIVE LOG CANCEL OFFLOAD cancelled the offload in progress and restarted it ("The '
        'process starts with the oldest active log data set", ARCHIVE LOG); the log does not '
        "switch.",
    ),
    # ---- RACF commands (TSO in the background): own ids where RACF's published message lists
    #      have none for the refusal (docs/security.md#racf-commands) ------------------------
    _m(
        "MQSC230E",
        "{profile} IS NOT A VALID PROFILE NAME IN CLASS {cls}: {why}",
        8,
        V,
        "ours: RACF's published command message lists have none for this refusal",
        "RDEFINE of a name with a generic character where RACF allows none (* inside a "
        "qualifier, ** twice or inside a qualifier), or longer than 246 characters.",
        cpf=False,
    ),
    _m(
        "MQSC231E",
        "GROUP {group} NOT DEFINED TO RACF",
        8,
        V,
        "ours: RACF's published command message lists have none for this refusal",
        "ADDUSER DFLTGRP, CONNECT GROUP or ADDGROUP SUPGROUP naming no group.",
        cpf=False,
    ),
    _m(
        "MQSC232E",
        "{userid} IS NOT CONNECTED TO GROUP {group}",
        8,
        V,
        "ours: RACF's published command message lists have none for this refusal",
        "REMOVE of a user from a group it is not connected to, or ALTUSER DFLTGRP of one.",
        cpf=False,
    ),
    _m(
        "MQSC233E",
        "GROUP {group} STILL HAS MEMBERS OR SUBGROUPS",
        8,
        V,
        "ours: RACF's published command message lists have none for this refusal",
        "DELGROUP of a group that is not empty.",
        cpf=False,
    ),
    _m(
        "MQSC234E",
        "{group} IS THE DEFAULT GROUP OF {userid} AND CANNOT BE REMOVED",
        8,
        V,
        "ours: RACF's published command message lists have none for this refusal",
        "REMOVE of a user from its default group (RACF refuses it).",
        cpf=False,
    ),
    _m(
        "MQSC235E",
        "{profile} NOT DEFINED TO CLASS {cls}.",
        8,
        U,
        "ours (was ICH11102I, by analogy with RDELETE's ICH12102I; RALTER's message list was "
        "not reached)",
        "RALTER of a profile that does not exist.",
        cpf=False,
    ),
    _m(
        "MQSC236I",
        "NO ENTRIES MEET SEARCH CRITERIA",
        4,
        U,
        "ours (was ICH31005I, a recollection; SEARCH's message list was not reached)",
        "SEARCH found no profile.",
        cpf=False,
    ),
    # ---- Traces (own ids MQSC670-MQSC680) ----------------------------------------------------
    _m(
        "MQSC670E",
        "TRACE({type}) with these options is already active: trace number {tno}",
        8,
        V,
        "emulator",
        "START TRACE of a trace the table already has; nothing is started.",
    ),
    _m(
        "MQSC671I",
        "CURRENT TRACE ACTIVITY IS -",
        0,
        V,
        "emulator (IBM's CSQW report text is not public)",
        "DISPLAY TRACE: the active traces follow, one line each.",
    ),
    _m(
        "MQSC672E",
        "CLASS({value}) is not a class of TRACE({type}): its classes are {classes}",
        8,
        V,
        "emulator",
        "A trace class the trace type does not have (STAT: 01-05); nothing is started or changed.",
    ),
    _m(
        "MQSC673E",
        "DEST({dest}) is not a destination of TRACE({type}): it writes to {allowed}",
        8,
        V,
        "emulator",
        "A destination the trace type cannot write to (STAT: SMF, SRV).",
    ),
    _m(
        "MQSC674E",
        "{keyword} cannot be used with TRACE({type})",
        8,
        V,
        "emulator",
        "A constraint the trace type does not take (IFCID, RMID, USERID with STAT or ACCTG; "
        "CLASS with DISPLAY TRACE(*)).",
    ),
    _m(
        "MQSC675E",
        "{keyword}({value}) is not valid: {why}",
        8,
        V,
        "emulator",
        "A trace number, class, IFCID or resource manager id that is not a number in range.",
    ),
    _m(
        "MQSC676E",
        "TRACE(CHINIT) needs the channel initiator and the command server running",
        8,
        V,
        "emulator",
        "START TRACE(CHINIT) while the channel initiator is not active "
        '([DOC-STARTTRACE]: "you cannot issue START TRACE(CHINIT) if the command server or the '
        'channel initiator is not running").',
    ),
    _m(
        "MQSC677E",
        "No active trace matches {what}",
        8,
        V,
        "emulator",
        "STOP, ALTER or DISPLAY TRACE with options no active trace was started with (a trace "
        "number that does not run); nothing is changed.",
    ),
    _m(
        "MQSC678I",
        "STOP TRACE stopped trace number(s) {tnos}",
        0,
        V,
        "emulator",
        "The traces listed are no longer active.",
    ),
    _m(
        "MQSC679I",
        "ALTER TRACE changed trace number {tno}: CLASS({classes})",
        0,
        V,
        "emulator",
        "The trace collects these classes from now on.",
    ),
    _m(
        "MQSC680E",
        "{count} traces are active, the most a queue manager runs at once",
        8,
        V,
        "emulator",
        "START TRACE when trace numbers 01-32 are all in use.",
    ),
    # ---- mqsc serve: HTTP errors mqweb has no message for ------------------------
    # Shown in the REST API's error bodies ("MQSC901E: ..."), docs/serve.md.
    _m(
        "MQSC901E",
        "The request body is larger than {limit} bytes.",
        8,
        V,
        "emulator",
        "mqsc serve bounds request bodies (--max-body, HTTP 413); nothing was done.",
        cpf=False,
    ),
    _m(
        "MQSC902E",
        "Too many failed logins for '{user}': try again in {seconds} seconds.",
        8,
        V,
        "emulator",
        "Repeated wrong passwords lock a user of mqsc serve out for a while "
        "(HTTP 429, Retry-After).",
        cpf=False,
    ),
    _m(
        "MQSC903E",
        "Queue manager '{qmgr}' cannot be opened: {problem}",
        8,
        V,
        "emulator",
        "mqsc serve could not open the queue manager's state (HTTP 503).",
        cpf=False,
    ),
    _m(
        "MQSC904E",
        "Could not find the queue manager '{qmgr}'.",
        8,
        V,
        "ours: no IBM id's text found for it (was MQWB0009E, a recalled mqweb id)",
        "The queue manager named in the URL does not exist in this mqsc home (HTTP 404).",
        cpf=False,
    ),
    _m(
        "MQSC905E",
        "The request body is not valid: {problem}",
        8,
        V,
        "ours: no IBM id found for it (was MQWB0110E, chosen)",
        "The body is not JSON, or not the object this resource takes (HTTP 400).",
        cpf=False,
    ),
    _m(
        "MQSC906E",
        "The command '{command}' is not supported in a JSON formatted command.",
        8,
        V,
        "ours: no IBM id found for it (was MQWB0111E, chosen); the rule is IBM's (IBM MQ, "
        '"POST - JSON formatted command")',
        "runCommandJSON does not run this command; a plain text runCommand does (HTTP 400).",
        cpf=False,
    ),
    _m(
        "MQSC907E",
        "The parameter '{parameter}' is not valid: {problem}",
        8,
        V,
        "ours: no IBM id found for it (was MQWB0112E, chosen)",
        "A query parameter or an attribute of the request has a value the resource does not "
        "take (HTTP 400).",
        cpf=False,
    ),
    _m(
        "MQSC908E",
        "The resource '{resource}' does not exist.",
        8,
        V,
        "ours: no IBM id found for it (was MQWB0404E, chosen)",
        "No resource of mqsc serve has this URL (HTTP 404).",
        cpf=False,
    ),
    _m(
        "MQSC909E",
        "The HTTP method {method} is not allowed on the resource '{resource}'.",
        8,
        V,
        "ours: no IBM REST API id found for it (was MQWB0405E, chosen; the IBM MQ Console's "
        "MQWB2005E covers the console's own requests)",
        "The resource exists but does not take this HTTP method (HTTP 405).",
        cpf=False,
    ),
    _m(
        "MQSC910E",
        "The queue manager's log is suspended (SUSPEND QMGR LOG): the {operation} on queue "
        "'{queue}' is not done.",
        8,
        V,
        "ours: on z/OS the MQI call waits for RESUME QMGR LOG and IBM documents no REST error",
        "A message put or get came while logging is suspended (HTTP 503); nothing changed.",
        cpf=False,
    ),
    # ---- Console ----------------------------------------------------------------------
    _m(
        "MQSC007E",
        "{command} COMMAND INVALID",
        8,
        U,
        "ours: no IBM source found for the MVS answer (was IEE305I, recalled from z/OS MVS System "
        "Messages (IEE))",
        "MVS found no command and no subsystem prefix in the first word: at the console, a "
        "command typed with another queue manager's prefix.",
        cpf=False,
    ),
)


@dataclass(frozen=True, slots=True)
class ReasonDef:
    """A reason code shown in CSQM090E (X'00D4....', X'00C5....'), or none.

    ``code`` is empty where no IBM code was found for the failure: the failure then carries no
    CSQM090E line rather than a guessed code (its own message says what failed).
    """

    code: str
    verified: bool
    evidence: str
    meaning: str


#: Reason codes by failure kind. 00D44001 and 00D44002 are IBM's (APAR PH08756 and IBM's DELETE
#: QLOCAL example); no code was found for the other message-manager failures (the numbering
#: 00D44003-00D44006 once printed here was a guess, dropped).
REASONS: Mapping[str, ReasonDef] = {
    "NAME_IN_USE": ReasonDef("00D44001", V, "[APAR-PH08756]", "name in use as a different type"),
    "NOT_FOUND": ReasonDef("00D44002", V, "[DOC-EXAMPLES]", "object not found"),
    "ALREADY_EXISTS": ReasonDef("", U, "no IBM code found", "object already exists"),
    "IN_USE": ReasonDef("", U, "no IBM code found", "object in use"),
    "HAS_MESSAGES": ReasonDef("", U, "no IBM code found", "queue holds messages"),
    "NOT_ALLOWED": ReasonDef(
        "", U, "no IBM code found", "attribute combination or value not allowed"
    ),
    # Coupling facility manager reasons ([C5] reason codes).
    "CF_REQUEST": ReasonDef(
        "00C5004F",
        V,
        "[C5]",
        "a CF structure request could not be performed (see the accompanying message)",
    ),
    "CF_LEVEL": ReasonDef(
        "00C50064", V, "[C5]", "the structure level or command level does not allow it"
    ),
}

#: Message definitions by id.
CATALOG: Mapping[str, MessageDef] = {m.msg_id: m for m in _CATALOG}


def family_of(msg_id: str) -> str:
    """The family an id is counted in: ``CSQ`` plus the component letter, ``MQSC``, or the
    alphabetic prefix of other products' ids (``IEE``, ``MQWB``).

    >>> family_of("CSQM125I"), family_of("MQSC595E"), family_of("IEF142I")
    ('CSQM', 'MQSC', 'IEF')
    """
    if msg_id.startswith(("CSQ", "MQSC", "MQWB")):
        return msg_id[:4]
    return msg_id.rstrip("0123456789IEWAD").rstrip("0123456789") or msg_id[:3]


def is_ibm_id(msg_id: str) -> bool:
    """True for an id in IBM's namespace (everything but mqsc's own ``MQSC`` ids)."""
    return not msg_id.startswith("MQSC")


def evidence_problems(entries: Iterable[tuple[str, bool, str]]) -> list[str]:
    """Why each (id, verified, evidence) breaks the evidence rule of this module; [] if none.

    An IBM id must cite a source (``[KEY]`` of mqsc/catalog/sources.py) that shows it (a
    VERIFIED entry) or at least names it (an UNVERIFIED one). An own id needs no source.

    >>> evidence_problems([("CSQM125I", True, "[DOC-EXAMPLES]")])
    []
    >>> evidence_problems([("CSQM999I", False, "recollection")])
    ['CSQM999I: an IBM id with no source; cite one that names it, or make the id MQSCnnnx']
    """
    from mqsc.catalog.sources import SOURCES, keys_in  # noqa: PLC0415 - start-up: the evidence table only when evidence is checked

    problems = []
    for msg_id, verified, evidence in entries:
        if not is_ibm_id(msg_id):
            continue
        cited = [SOURCES[key] for key in keys_in(evidence)]
        if not cited:
            problems.append(
                f"{msg_id}: an IBM id with no source; cite one that names it, or "
                "make the id MQSCnnnx"
            )
        elif verified and not any(msg_id in s.shows for s in cited):
            problems.append(f"{msg_id}: VERIFIED, but no cited source shows its text")
        elif not any(msg_id in s.shows or msg_id in s.names for s in cited):
            problems.append(f"{msg_id}: no cited source shows or names it")
    return problems


def get(msg_id: str) -> MessageDef:
    """The catalog entry for ``msg_id``; raises KeyError for an unknown id."""
    return CATALOG[msg_id]


def text(msg_id: str, inserts: Mapping[str, object]) -> str:
    """The message text after the id and CPF, with ``inserts`` filled in.

    >>> text("CSQ9000E", {"keyword": "MAXDEPTH"})
    "'MAXDEPTH' appears more than once"
    """
    entry = CATALOG.get(msg_id)
    if entry is None:
        return _racf(msg_id, inserts)[len(msg_id) + 1 :]
    return entry.template.format_map(inserts)


def _racf(msg_id: str, inserts: Mapping[str, object]) -> str:
    """A RACF message the queue manager's checks produce (ICH408I), whose lines are kept in
    mqsc/catalog/racf.py: the insert ``key`` names the line."""
    from mqsc.catalog import racf  # noqa: PLC0415 - start-up: the RACF catalog only when RACF speaks

    key = str(inserts.get("key", msg_id))
    return racf.line(key, **{k: v for k, v in inserts.items() if k != "key"})


def line(msg_id: str, inserts: Mapping[str, object], cpf: str | None) -> str:
    """A whole message line: id, CPF (where the message carries one), text.

    >>> line("CSQ9022I", {"csect": "CSQMAQLC", "command": " DEFINE QLOCAL"}, "QMZ1")
    "CSQ9022I QMZ1 CSQMAQLC ' DEFINE QLOCAL' NORMAL COMPLETION"
    """
    entry = CATALOG.get(msg_id)
    if entry is None:
        return _racf(msg_id, inserts)
    body = entry.template.format_map(inserts)
    if entry.cpf and cpf:
        return f"{msg_id} {cpf} {body}"
    return f"{msg_id} {body}"
